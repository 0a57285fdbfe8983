// The whole stylesheet, inlined in every page: small, readable on a phone, honours dark mode.
export const STYLE = `
:root{color-scheme:light dark;--fg:#1b1f24;--muted:#57606a;--bg:#fff;--soft:#f4f6f8;--line:#d0d7de;--accent:#0b5cad;--ok:#1a7f37;--warn:#9a6700}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9da7b3;--bg:#0d1117;--soft:#161b22;--line:#30363d;--accent:#58a6ff;--ok:#3fb950;--warn:#d29922}}
*{box-sizing:border-box}
body{margin:0;font:1rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem;z-index:1}
header.site,footer.site{background:var(--soft);border-bottom:1px solid var(--line)}
footer.site{border-top:1px solid var(--line);border-bottom:0;margin-top:3rem;font-size:.9rem;color:var(--muted)}
.wrap{max-width:60rem;margin:0 auto;padding:.75rem 1rem}
.brand{font-weight:700;text-decoration:none;color:var(--fg);font-size:1.1rem}
.top{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between}.top-links{display:flex;flex-wrap:wrap;gap:.5rem 1rem}
nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
form.search{display:flex;gap:.5rem;margin:.5rem 0 0}
form.search input{flex:1;min-width:0;padding:.4rem .5rem;font:inherit;border:1px solid var(--line);border-radius:4px;background:var(--bg);color:var(--fg)}
form.search-page label{display:block;font-weight:600;margin-bottom:.25rem}
form.search-page input,form.search-page select{width:100%;max-width:40rem;padding:.4rem .5rem;font:inherit;border:1px solid var(--line);border-radius:4px;background:var(--bg);color:var(--fg)}
button,.button{font:inherit;padding:.4rem .9rem;border-radius:4px;border:1px solid var(--line);background:var(--soft);color:var(--fg)}
button[disabled]{opacity:.7;cursor:not-allowed}
main{display:block}
h1{font-size:1.6rem;line-height:1.25;margin:1rem 0 .5rem}
h2{font-size:1.25rem;margin:2rem 0 .5rem}
h1,h2,h3,h4,p,li,caption,.meta{overflow-wrap:anywhere}th,td{overflow-wrap:break-word}
.meta{color:var(--muted);font-size:.9rem}
.meta span+span:not(.badge)::before{content:" · "}
.meta span+.badge{margin-inline-start:.4rem}
.badge{display:inline-block;font-size:.8rem;padding:0 .45rem;border-radius:1rem;border:1px solid var(--line)}
.badge.ok{color:var(--ok);border-color:var(--ok)}
.warn{border-left:4px solid var(--warn);padding:.5rem .75rem;background:var(--soft)}
.prose{overflow-wrap:anywhere}
.note-body{white-space:pre-wrap;overflow-wrap:anywhere}
.note{border-left:3px solid var(--line);padding-left:.75rem;margin-bottom:1rem}
.values dd{overflow-wrap:anywhere}
.prose pre{overflow-x:auto;background:var(--soft);padding:.75rem}
.prose img{max-width:100%;height:auto}
ul.items{list-style:none;padding:0;margin:0}
ul.items li{padding:.6rem 0;border-bottom:1px solid var(--line)}
ul.items li a{font-weight:600}
p.highlight{margin:.3rem 0 0;color:var(--muted,#555)}p.highlight mark{background:#fff3a8;color:inherit;padding:0 .05em}
article.reply{border-top:1px solid var(--line);padding:.75rem 0}
article.reply.solution{border-left:4px solid var(--ok);padding-left:.75rem}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0}
dl.facts dt{font-weight:600}dl.facts dd{margin:0;overflow-wrap:anywhere}
@media (max-width:32rem){dl.facts{grid-template-columns:1fr}dl.facts dd{margin-bottom:.4rem}}
.table{overflow-x:auto;max-width:100%;background:linear-gradient(to right,var(--bg) 30%,transparent) 0 0/2rem 100% no-repeat local,linear-gradient(to left,var(--bg) 30%,transparent) 100% 0/2rem 100% no-repeat local,radial-gradient(farthest-side at 0 50%,rgba(0,0,0,.25),transparent) 0 0/.75rem 100% no-repeat scroll,radial-gradient(farthest-side at 100% 50%,rgba(0,0,0,.25),transparent) 100% 0/.75rem 100% no-repeat scroll}
pre{overflow-x:auto;max-width:100%}
.scroll-hint{margin:.25rem 0;font-size:.85rem;color:var(--muted)}@media (min-width:48rem){.scroll-hint{display:none}}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
caption{text-align:left;font-weight:600;padding:.25rem 0}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em;overflow-wrap:anywhere}
.table code{white-space:nowrap;overflow-wrap:normal}
.grid{display:grid;gap:0 2rem;grid-template-columns:repeat(auto-fit,minmax(17rem,1fr))}
nav.pager ul{justify-content:space-between;margin-top:1.5rem}
.comment{white-space:pre-wrap}
.bv-row{display:flex;gap:.5rem}.bv-row input{flex:1;min-width:0;padding:.4rem .5rem;font:inherit;border:1px solid var(--line);border-radius:4px;background:var(--bg);color:var(--fg)}
.bv-find label{display:block;font-weight:600;margin-bottom:.25rem}
.bv-tools{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;margin:.5rem 0}
.bv-tools fieldset{border:0;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:.25rem .75rem}.bv-tools legend{float:left;font-weight:600;margin-right:.5rem}
.bv canvas{display:block;width:100%;height:min(70vh,34rem);background:var(--soft);border:1px solid var(--line);touch-action:none;cursor:grab}
.bv canvas:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.bv-view{display:grid;gap:1rem;grid-template-columns:minmax(0,1fr)}
.bv-panel{min-width:0;overflow-wrap:anywhere}.bv-panel h3{margin:.25rem 0}.bv-panel h4{margin:1rem 0 .25rem}.bv-panel h5{margin:.5rem 0 .1rem;font-size:.95rem}
ul.bv-names{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.25rem .9rem}
ul.bv-legend{list-style:none;padding:0;margin:.25rem 0}.bv-swatch{display:inline-block;width:.9em;height:.9em;border-radius:2px;vertical-align:-.1em}
.bv-tools button[aria-pressed="true"]{outline:2px solid var(--accent)}[data-hover]{min-height:1.4em;margin:.25rem 0 0}
@media (min-width:56rem){.bv-view{grid-template-columns:minmax(0,2fr) minmax(0,1fr)}.bv-panel{max-height:40rem;overflow-y:auto}}
.sv-tools{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:.5rem 0}
.sv-frame{overflow:auto;max-width:100%;max-height:80vh;border:1px solid var(--line);background:var(--soft);touch-action:none;cursor:grab}
.sv-sheet{position:relative;width:100%}.sv-sheet canvas{display:block;width:100%;background:#fff}
.sv-sheet [data-mark]{position:absolute;outline:3px solid #e8590c;background:rgba(255,200,0,.35);pointer-events:none}
.sv-sheet [data-link]{position:absolute;color:transparent;overflow:hidden;white-space:nowrap;border-bottom:2px solid rgba(30,100,220,.45)}
.sv-sheet [data-link]:hover,.sv-sheet [data-link]:focus-visible{background:rgba(30,100,220,.2)}
`.replace(/\n/g, "");
