import { Scripts } from "react-router";
import { HYDRATING_EVENT } from "~/lib/hydration-event";

const HOLDER_ID = "app-scripts";

/**
 * Runs where it stands in the page. The router's plain scripts (its context,
 * which the streamed loader data after it needs) run at once; its module
 * preloads (in one insertion: one at a time took up to 40 ms) and the module
 * that hydrates the page are added after the first paint, or at once in a
 * hidden tab, which paints no frames.
 * Until React takes over, a click on a button only scripts can answer would
 * be lost; the last one is remembered and clicked again once the page has
 * hydrated (after that, React replays early clicks itself). A button that
 * opens a popover works without scripts, so it is not clicked twice.
 */
const LOAD_AFTER_FIRST_PAINT = `(function(){
var nonce=document.currentScript.nonce;
var holder=document.getElementById(${JSON.stringify(HOLDER_ID)});
var parsed=document.createElement("template");
parsed.innerHTML=holder.textContent;
var preloads=document.createDocumentFragment();
var modules=[];
Array.prototype.forEach.call(parsed.content.children,function(el){
  var copy=document.createElement(el.localName);
  Array.prototype.forEach.call(el.attributes,function(a){if(a.name!=="nonce")copy.setAttribute(a.name,a.value)});
  copy.nonce=nonce;
  copy.textContent=el.textContent;
  if(el.localName==="link"&&el.rel==="modulepreload")preloads.append(copy);
  else if(el.type==="module")modules.push(copy);
  else holder.before(copy);
});
function load(){document.head.append(preloads);modules.forEach(function(el){document.body.append(el)})}
var early=null;
function remember(event){var button=event.target.closest&&event.target.closest('button[type="button"]:not([popovertarget])');if(button)early=button}
document.addEventListener("click",remember,true);
document.addEventListener(${JSON.stringify(HYDRATING_EVENT)},function(){document.removeEventListener("click",remember,true)},{once:true});
new MutationObserver(function(_,observer){
  if(document.documentElement.dataset.hydrated!=="true")return;
  observer.disconnect();
  if(early&&early.isConnected)early.click();
}).observe(document.documentElement,{attributeFilter:["data-hydrated"]});
if(document.visibilityState==="hidden")load();else requestAnimationFrame(function(){setTimeout(load,0)});
})()`;

/**
 * The router's scripts, started after the server's HTML has painted. Chrome
 * fetches module scripts at high priority, so the app's 140 KB of JavaScript
 * competed with the page itself for a slow connection, and Lighthouse counted
 * every one of them as holding back the first paint. As the text of a
 * <noscript> they are inert (React does not hydrate its children either); the
 * small script after it starts them.
 */
export function AppScripts({ nonce }: { nonce: string | undefined }) {
  return (
    <>
      <noscript id={HOLDER_ID}>
        <Scripts nonce={nonce} />
      </noscript>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed string of ours. */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: LOAD_AFTER_FIRST_PAINT }} suppressHydrationWarning />
    </>
  );
}
