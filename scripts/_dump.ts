import { readLibrary } from "~/domain/questions/library.server";
import { auditedQuestions } from "~/domain/questions/library-audit";
import { questionProblems } from "~/domain/questions/library-rules";
import { findNearDuplicates } from "~/domain/questions/near-duplicates";
const cat = process.argv[2]!;
const { files } = readLibrary();
const all = files.flatMap(auditedQuestions);
const nd = new Map<number, string[]>();
for (const p of findNearDuplicates(all.map(q=>q.text))) {
  const a = all[p.a]!, b = all[p.b]!;
  if (a.file === cat) (nd.get(p.a) ?? nd.set(p.a, []).get(p.a)!).push(`ND ${p.similarity.toFixed(2)} [${b.file}] ${b.text}`);
  if (b.file === cat) (nd.get(p.b) ?? nd.set(p.b, []).get(p.b)!).push(`ND ${p.similarity.toFixed(2)} [${a.file}] ${a.text}`);
}
const file = files.find(f=>f.category===cat)!;
let i0 = all.findIndex(q=>q.file===cat);
file.questions.forEach((q, i) => {
  const fq = all[i0+i]!;
  const flags = questionProblems(fq).map(p=>p.rule.split("-").map(w=>w[0]).join("").toUpperCase());
  if (/^if\b/i.test(q.text)) flags.push("IF");
  if (/within reach/i.test(q.text)) flags.push("WR");
  const ans = q.answers ? ` {${q.answers.join("|")}}` : "";
  const also = q.also ? ` +${q.also.join(",")}` : "";
  console.log(`${i} ${q.context}/${q.style}/${q.engagement}/${q.format}${also} ${flags.length?"<<"+flags.join(",")+">> ":""}${q.text}${ans}`);
  for (const n of nd.get(i0+i) ?? []) console.log(`     ${n}`);
});
