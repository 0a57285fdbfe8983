// The interactive API reference at /api/v1/docs: a small self-contained page (no CDN, no framework)
// that renders the served OpenAPI document and lets a reader try each GET operation with an optional key.
// Its style and script are constants (the script finds the document's address in the page), so the
// Content-Security-Policy can allow exactly them by hash (src/http/secure-headers.ts).
export const DOCS_STYLE = `
:root{--fg:#1b1f24;--muted:#59636e;--line:#d1d9e0;--accent:#0b5cad;--bg:#fff;--code:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--accent:#4493f8;--bg:#0d1117;--code:#151b23}}
body{font:15px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:0}
header,main{max-width:980px;margin:auto;padding:1rem}
h1{font-size:1.5rem;margin:.2rem 0}h2{border-bottom:1px solid var(--line);padding-bottom:.3rem;margin-top:2rem}
details{border:1px solid var(--line);border-radius:6px;margin:.5rem 0;padding:.4rem .8rem}
summary{cursor:pointer;font-family:ui-monospace,monospace}
.m{display:inline-block;min-width:3.5em;font-weight:700;color:var(--accent)}
.muted{color:var(--muted)}table{border-collapse:collapse;width:100%;margin:.5rem 0}
td,th{border-bottom:1px solid var(--line);text-align:left;padding:.25rem .4rem;vertical-align:top}
code,pre{font-family:ui-monospace,monospace;background:var(--code);border-radius:4px}pre{padding:.6rem;overflow:auto;max-height:28rem}
input{font:inherit;padding:.2rem .4rem;border:1px solid var(--line);border-radius:4px;background:var(--bg);color:var(--fg)}
button{font:inherit;padding:.25rem .8rem;border-radius:4px;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer}
label{display:block;margin:.2rem 0}
`;

export const DOCS_SCRIPT = `
const el=(t,a={},...k)=>{const e=document.createElement(t);for(const[n,v]of Object.entries(a))n==="text"?e.textContent=v:e.setAttribute(n,v);e.append(...k);return e};
const refName=s=>s&&s.$ref?s.$ref.split("/").pop():null;
fetch(document.getElementById("openapi").href).then(r=>r.json()).then(doc=>{
  document.getElementById("title").textContent=doc.info.title+" "+doc.info.version;
  document.getElementById("desc").textContent=doc.info.description||"";
  const base=doc.servers[0].url, ops=document.getElementById("ops"); ops.textContent="";
  const byTag={};
  for(const[path,item]of Object.entries(doc.paths))for(const[method,op]of Object.entries(item)){(byTag[(op.tags||["Other"])[0]]??=[]).push({path,method,op})}
  for(const[tag,list]of Object.entries(byTag)){
    ops.append(el("h2",{text:tag}));
    for(const{path,method,op}of list){
      const d=el("details"),params=op.parameters||[];
      d.append(el("summary",{},el("span",{class:"m",text:method.toUpperCase()}),path+"  ",el("span",{class:"muted",text:op.summary||""})));
      d.append(el("p",{text:op.description||""}));
      d.append(el("p",{class:"muted",text:"Scopes: "+(op["x-required-scopes"]||[]).join(", ")+(op.security&&op.security.some(s=>!Object.keys(s).length)?" (only when a key is sent)":"")}));
      const form=el("form");
      if(params.length){const t=el("table",{},el("tr",{},el("th",{text:"Parameter"}),el("th",{text:"In"}),el("th",{text:"Description"}),el("th",{text:"Value"})));
        for(const p of params){t.append(el("tr",{},el("td",{},el("code",{text:p.name+(p.required?" *":"")})),el("td",{text:p.in}),el("td",{text:(p.description||"")+(p.schema&&p.schema.enum?" ("+p.schema.enum.join(", ")+")":"")}),el("td",{},el("input",{name:p.name,"data-in":p.in,placeholder:p.example??(p.schema&&p.schema.example)??""}))))}
        form.append(t)}
      const rt=el("table",{},el("tr",{},el("th",{text:"Status"}),el("th",{text:"Meaning"}),el("th",{text:"Schema"})));
      for(const[s,r]of Object.entries(op.responses)){const c=r.content?Object.values(r.content)[0]:null;rt.append(el("tr",{},el("td",{text:s}),el("td",{text:r.description}),el("td",{},el("code",{text:c?refName(c.schema)||"":""}))))}
      d.append(rt);
      const out=el("pre",{hidden:""});
      if(method==="get"){form.append(el("button",{type:"submit",text:"Try it"}));
        form.onsubmit=async ev=>{ev.preventDefault();let p=path;const q=new URLSearchParams();
          for(const i of form.querySelectorAll("input")){if(!i.value)continue;i.dataset.in==="path"?p=p.replace("{"+i.name+"}",encodeURIComponent(i.value)):q.set(i.name,i.value)}
          const h={"Accept-Language":document.getElementById("lang").value},k=document.getElementById("key").value.trim();if(k)h.Authorization="Bearer "+k;
          const url=base+p+(q.size?"?"+q:"");out.hidden=false;out.textContent="GET "+url+"\\n…";
          try{const r=await fetch(url,{headers:h});out.textContent="GET "+url+"\\n"+r.status+" "+r.headers.get("content-type")+"\\n\\n"+JSON.stringify(await r.json(),null,2)}catch(e){out.textContent=String(e)}}}
      d.append(form,out);ops.append(d)}}
});
`;

export function docsPage(openapiUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference — Board Documentation Service</title>
<style>${DOCS_STYLE}</style>
</head>
<body>
<header>
<h1 id="title">API reference</h1>
<p id="desc" class="muted"></p>
<p>OpenAPI document: <a id="openapi" href="${openapiUrl}"><code>${openapiUrl}</code></a></p>
<label>API key (optional for open reads): <input id="key" type="password" size="48" placeholder="bds_…" autocomplete="off"></label>
<label>Language: <select id="lang"><option>es</option><option>en</option></select></label>
</header>
<main id="ops"><p>Loading…</p></main>
<script>${DOCS_SCRIPT}</script>
</body>
</html>`;
}
