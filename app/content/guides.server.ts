/**
 * The written guidance of the home and category pages: why questions help in
 * each kind of meeting, how to run them, and the FAQ. Plain text, reviewed
 * like the question library; the FAQ answers must match the options the
 * generator really offers (app/shared/questions.ts).
 */
import type { CategorySlug } from "~/shared/categories";

export type FaqItem = { question: string; answer: string };

export type CategoryGuide = {
  /** Shown under the page's h1: why questions matter in this meeting type. */
  intro: string[];
  /** Practical facilitation advice for this meeting type. */
  advice: { title: string; text: string }[];
  /** Example questions a host could ask (safe, specific, no forced disclosure). */
  examples: string[];
  faq: FaqItem[];
};

export const CATEGORY_GUIDES: Record<CategorySlug, CategoryGuide> = {
  "ice-breaker-questions": {
    intro: [
      "An ice breaker earns its place when a group does not yet know each other well: a new team, a cross-team workshop, the first session with a client. One light question gives everyone a first, easy sentence in the room, which makes the second one much easier.",
      "Good ice breakers are about preferences and small experiences, never about private life. Everyone should be able to answer within a few seconds of thinking, whatever their background, role or first language.",
    ],
    advice: [
      {
        title: "Go first yourself",
        text: "Answer the question before anyone else does. It shows the length and tone you hope for, and it shows you take the same risk you ask of others.",
      },
      {
        title: "Keep it light for new groups",
        text: "Choose quick, playful questions for people who have just met. Depth comes later, once the group has a little shared history.",
      },
      {
        title: "Name the time box",
        text: "Say how long each answer should be, such as 'one sentence each'. People relax when they know what is expected.",
      },
      {
        title: "Make passing normal",
        text: "Say out loud that 'pass' is a perfectly good answer. It costs nothing and makes the question an invitation rather than a test.",
      },
      {
        title: "Connect the answers",
        text: "Point out one or two things people have in common before you move on. That is the moment the ice actually breaks.",
      },
    ],
    examples: [
      "What is a small thing that reliably improves your day?",
      "Which skill would you love to pick up if you had a free month?",
      "What is the best piece of advice you have been given about work?",
    ],
    faq: [
      {
        question: "How long should an ice breaker take?",
        answer:
          "For a group of up to eight, plan about thirty seconds per person, so four to five minutes in all. For larger groups, use pairs or the chat instead of a full round.",
      },
      {
        question: "What if someone does not want to answer?",
        answer:
          "Let them pass without comment. You can offer to come back to them at the end, but never press; a relaxed pass keeps the room safe for everyone.",
      },
      {
        question: "Which settings suit a brand-new group?",
        answer:
          "Choose the check-in context with a playful or reflective style and the quick engagement level. Save deep questions for teams that already know each other.",
      },
      {
        question: "Are ice breakers useful in workshops with clients?",
        answer:
          "Yes, as long as the question stays professional or light. A question about how people like to work or what they hope to take away fits well.",
      },
    ],
  },
  "remote-teams": {
    intro: [
      "In a remote team, the small talk that happens in corridors and kitchens does not happen by itself. A short question at the start of a call puts some of it back: people hear each other's voices before the agenda, and colleagues become more than a name on a screen.",
      "Remote rounds need a little more structure than in-person ones. Without body language, people hesitate to speak first or talk over each other, so a clear order and a clear time box matter more.",
    ],
    advice: [
      {
        title: "Announce the speaking order",
        text: "Name who goes first and who follows, for example alphabetically or by who joined last. Nobody has to guess when it is their turn.",
      },
      {
        title: "Cameras are optional",
        text: "Invite people to answer with or without video. The question is about connection, not about being seen.",
      },
      {
        title: "Offer the chat as an equal channel",
        text: "Some people prefer to type, especially in a second language or on a weak connection. Read typed answers out so they count as much as spoken ones.",
      },
      {
        title: "Mind the time zones",
        text: "Avoid questions that assume everyone is at the start of their day or on the same holidays. Questions about the week or about work habits travel well.",
      },
      {
        title: "Rotate the facilitator",
        text: "Let a different person pick and ask the question each week. It spreads ownership and brings in questions you would not have chosen.",
      },
    ],
    examples: [
      "What does your workspace look like today, in three words?",
      "What is one thing that made collaboration easier for you this week?",
      "Which time of day do you do your best focused work?",
    ],
    faq: [
      {
        question: "How often should a remote team do a check-in?",
        answer:
          "A short round in the weekly team meeting works for most teams. For daily calls, two or three times a week keeps it fresh without stretching the call.",
      },
      {
        question: "What about people who join on audio only?",
        answer:
          "Call them by name when it is their turn and give them a moment to unmute. Audio-only answers are as welcome as anyone else's.",
      },
      {
        question: "How do we include people in very different time zones?",
        answer:
          "Pick questions that do not depend on the time of day, and post the question in the team channel for those who cannot attend, so they can answer there.",
      },
      {
        question: "Which style suits remote teams best?",
        answer:
          "Playful questions lift a tired call and reflective ones build trust over time. Alternate them, and use the connection context when the team is new.",
      },
    ],
  },
  "daily-standup": {
    intro: [
      "A standup is short by design, so its opening question must be too. A quick prompt before the updates warms up the voices in the room and often surfaces how people are really doing, which status updates alone rarely show.",
      "The key is restraint: one sentence each, not a story. Used two or three times a week rather than every day, a standup question stays something people look forward to instead of a ritual to get through.",
    ],
    advice: [
      {
        title: "Thirty seconds each",
        text: "Use the quick engagement level and say 'one sentence each'. The whole round should take under three minutes for a team of six.",
      },
      {
        title: "Not every day",
        text: "Two or three standups a week with a question is plenty. On the other days, go straight to the updates.",
      },
      {
        title: "Rotate who starts",
        text: "Let a different person answer first each time, so the same voice does not always set the tone.",
      },
      {
        title: "Tie it to the work when it helps",
        text: "The focus and status contexts offer questions about priorities and blockers, which lead naturally into the updates.",
      },
      {
        title: "Park the follow-ups",
        text: "If an answer sparks a longer conversation, note it and pick it up after the standup with the people who need it.",
      },
    ],
    examples: [
      "What is one thing you want to finish today?",
      "On a scale from one to five, how clear is your day ahead?",
      "What small win from yesterday are you happy about?",
    ],
    faq: [
      {
        question: "Won't a question make our standup longer?",
        answer:
          "A quick question with one-sentence answers adds two to three minutes. Many teams find the updates get shorter afterwards because people are already warmed up.",
      },
      {
        question: "How often should we use one?",
        answer:
          "Two or three times a week is a good rhythm. Every day tends to feel like an obligation; once a week is easy to forget.",
      },
      {
        question: "Which settings fit a standup?",
        answer:
          "The check-in, focus or status context with the quick engagement level. Professional and playful styles both work; keep deep questions for retrospectives.",
      },
      {
        question: "What if the team is under pressure?",
        answer:
          "Pick a short, practical question, such as what would make today easier. It acknowledges the pressure without turning the standup into a discussion.",
      },
    ],
  },
  "team-building": {
    intro: [
      "Team building works best when it is woven into ordinary meetings, not saved for one offsite a year. Questions about how people like to work, what energises them and what they are proud of build the kind of understanding that makes collaboration easier on a hard day.",
      "These questions can go a little deeper than an ice breaker, because their purpose is trust. Still, they stay about work and preferences: nobody should have to share more of their private life than they choose to.",
    ],
    advice: [
      {
        title: "Start shallow, go deeper over time",
        text: "Begin with standard questions and move to deep ones as the team gets used to the ritual. Trust grows with each round that goes well.",
      },
      {
        title: "Listen more than you comment",
        text: "Thank people for their answers rather than evaluating them. The point is to hear each other, not to discuss who is right.",
      },
      {
        title: "Use pairs for deeper questions",
        text: "For personal-feeling topics, let people talk in pairs first and share one thing with the whole group. It lowers the stakes.",
      },
      {
        title: "Follow up later",
        text: "Remember what people said and come back to it: 'you mentioned you enjoy mentoring, would you pair with our new colleague?'",
      },
    ],
    examples: [
      "What kind of feedback helps you most, and how do you like to receive it?",
      "What is a piece of work from the last year you are quietly proud of?",
      "When do you feel most useful to this team?",
    ],
    faq: [
      {
        question: "How is this different from an ice breaker?",
        answer:
          "Ice breakers help strangers start talking. Team-building questions help people who already work together understand how each other thinks and works.",
      },
      {
        question: "Can we use these in an offsite?",
        answer:
          "Yes. Pick two or three deep questions for the day, leave room for pairs and small groups, and close with a check-out question.",
      },
      {
        question: "What if the team has tensions?",
        answer:
          "Choose forward-looking, professional questions rather than deep reflective ones, and keep the round short. Questions are not a substitute for addressing a conflict directly.",
      },
      {
        question: "Which engagement level should we pick?",
        answer:
          "Standard for regular meetings, deep for offsites or when the team asks for it. Each answer then takes one to two, or three to five minutes.",
      },
    ],
  },
  retrospectives: {
    intro: [
      "A retrospective asks people to speak honestly about what went well and what did not. An opening question that gets every voice into the room in the first five minutes makes that honesty far more likely, and a closing question helps the team leave with energy rather than a list of problems.",
      "The best retro openers set the tone without blame: they invite people to notice, not to judge. Check-out questions then turn the discussion into something each person takes away.",
    ],
    advice: [
      {
        title: "Open and close with a question",
        text: "Use a check-in to start and a check-out to end. The pair frames the retro and gives it a clear beginning and end.",
      },
      {
        title: "Ask about the sprint, not the people",
        text: "Questions about moments, surprises and learning keep the focus on the work. Avoid anything that invites pointing at individuals.",
      },
      {
        title: "Vary the format",
        text: "Retros lose energy when they always look the same. A playful opener one time and a reflective one the next keeps people engaged.",
      },
      {
        title: "Use the answers",
        text: "Write key words from the opening round on the board. They often hint at the themes the retro should spend time on.",
      },
      {
        title: "End on something forward-looking",
        text: "A check-out about what people will try next or what they appreciated leaves the team with momentum.",
      },
    ],
    examples: [
      "If this sprint were a weather forecast, what would it be?",
      "What is one moment from this sprint you would like to repeat?",
      "What will you do differently next week because of today?",
    ],
    faq: [
      {
        question: "Should a retro start with a personal question?",
        answer:
          "A light, work-related question is better. It warms people up for the honest conversation that follows without asking them to share private matters.",
      },
      {
        question: "How do check-out questions help?",
        answer:
          "They give each person a moment to say what they take away, which turns the discussion into commitments and ends the meeting on a constructive note.",
      },
      {
        question: "Which styles work best?",
        answer:
          "Reflective questions suit most retros; playful ones help after a hard sprint. Use the check-out context for the closing round.",
      },
      {
        question: "Our retros feel stale. Can questions help?",
        answer:
          "Yes. A new opening question every time changes the first five minutes, which often changes the whole conversation that follows.",
      },
    ],
  },
  "one-on-ones": {
    intro: [
      "A one-on-one belongs to the person, not the manager. A good opening question gives them room to bring up what matters to them, from workload to growth, before the conversation turns to tasks.",
      "With two people, questions can go deeper than in a group, but the same rule applies: an invitation, never an obligation. Some weeks a person wants to talk; other weeks they just want to get through the list, and both are fine.",
    ],
    advice: [
      {
        title: "Let them choose the depth",
        text: "Offer a reflective question and accept whatever depth of answer comes back. Pushing for more rarely helps.",
      },
      {
        title: "Ask, then wait",
        text: "Silence is thinking time. Give the person a few seconds longer than feels comfortable before adding anything.",
      },
      {
        title: "Keep a light record",
        text: "Note themes that come back over several weeks, such as energy, growth or workload. They show patterns a single meeting cannot.",
      },
      {
        title: "Ask for feedback both ways",
        text: "Now and then, use a question that invites feedback on how you support them. It shows the conversation runs in both directions.",
      },
    ],
    examples: [
      "What has taken more of your energy than you expected lately?",
      "What would you like to learn or try in the next few months?",
      "What could I do differently to support you better?",
    ],
    faq: [
      {
        question: "Should every one-on-one start with a question?",
        answer:
          "Not necessarily. Many managers ask one at the start of each meeting; others save it for when the agenda is light. Consistency matters more than frequency.",
      },
      {
        question: "How deep is too deep?",
        answer:
          "Stay with work, growth and wellbeing at work. Questions about health, family or money are for the person to raise, never for the manager to ask.",
      },
      {
        question: "What if the answer raises a concern?",
        answer:
          "Thank them for sharing, ask what would help, and agree on a next step. If it goes beyond what you can support, point them to the right resources.",
      },
      {
        question: "Which settings suit one-on-ones?",
        answer:
          "The reflective style with the standard or deep engagement level, in the connection or check-in context.",
      },
    ],
  },
  "all-hands": {
    intro: [
      "An all-hands meeting brings many people together, which makes a full round of answers impossible. A well-chosen question still helps: it turns a presentation into something people take part in, and it shows leadership is listening.",
      "The trick is to use formats that scale: answers in the chat, a few volunteers at the microphone, or a minute in pairs. The question itself should be easy to answer in a few words.",
    ],
    advice: [
      {
        title: "Use the chat",
        text: "Ask everyone to answer in the chat at the same moment. Read a handful of answers out loud and thank people for the rest.",
      },
      {
        title: "Invite a few voices",
        text: "Ask for two or three volunteers to answer out loud. Never pick people at random in a large group.",
      },
      {
        title: "Keep it short and inclusive",
        text: "Quick questions with one-word or one-sentence answers work best. Avoid anything that only some teams or roles can answer.",
      },
      {
        title: "Connect it to the agenda",
        text: "A question about the quarter's highlights or what people are looking forward to leads naturally into the updates.",
      },
    ],
    examples: [
      "In one word, how would you describe this quarter?",
      "Which colleague from another team helped you recently?",
      "What is one thing you are looking forward to next month?",
    ],
    faq: [
      {
        question: "Can a question work with a hundred people?",
        answer:
          "Yes, through the chat or a poll-like format. Everyone answers at once, and the host reads a few answers aloud.",
      },
      {
        question: "What if nobody answers?",
        answer:
          "Answer first yourself and give people a moment. In large groups, the first answer in the chat usually brings many more.",
      },
      {
        question: "Which settings suit an all-hands?",
        answer:
          "Quick engagement with an inspirational or playful style. The check-out context works well for closing the meeting.",
      },
      {
        question: "Should leaders answer too?",
        answer:
          "Yes. When leaders answer the same question as everyone else, it makes the meeting feel more like a conversation.",
      },
    ],
  },
};

/** The home page FAQ: eight items, the first open. */
export const HOME_FAQ: (FaqItem & { link?: { to: string; label: string } })[] = [
  {
    question: "What is a check-in question, and why start a meeting with one?",
    answer:
      "A check-in question is a short prompt everyone answers at the start of a meeting. It gives every person a first word in the room, which makes it easier to speak up later and helps the team notice how everyone is doing.",
  },
  {
    question: "What do the options in the generator mean?",
    answer:
      "Pick the moment (check-in, connection, focus, status, energizer or check-out), a style (reflective, playful, professional or inspirational) and an engagement level: quick (about 30 seconds each), standard (1-2 minutes) or deep (3-5 minutes).",
  },
  {
    question: "Where do the questions come from?",
    answer:
      "Most come from our library, which we write and review ourselves so every question is specific, warm and safe for work. When you ask for a question fresh from AI, the AI writes a new one for your settings.",
  },
  {
    question: "How often should we use check-in questions?",
    answer:
      "For daily standups, two or three times a week works well; every day tends to feel like a chore. For weekly meetings, retrospectives and one-on-ones, a question every time is a good habit.",
  },
  {
    question: "Is CircleUp free?",
    answer:
      "Yes. Library questions are unlimited for everyone. Without an account you can generate 10 new AI questions per 24 hours; a free account gets 25 per day, and Premium is unlimited.",
  },
  {
    question: "What does a free account add?",
    answer:
      "You can save questions, vote on the ones that work, submit your own questions for review, see your generation history and export your saved questions as CSV, JSON, Markdown, plain text or a printable page.",
  },
  {
    question: "What if someone does not want to answer?",
    answer:
      "Answering is always an invitation. Say at the start that 'pass' is a fine answer, go first yourself, and keep the questions light until the group is ready for more. Our how-to guide has more tips.",
    link: { to: "/how-to", label: "Read the how-to guide" },
  },
  {
    question: "Can I suggest a question or report a problem?",
    answer:
      "Please do. Signed-in members can submit questions on any category page; for anything else, send us a message and we will answer within two working days.",
    link: { to: "/contact", label: "Contact us" },
  },
];
