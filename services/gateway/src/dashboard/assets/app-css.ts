/** The dashboard's one stylesheet, served from /dashboard/assets/app.css (the CSP allows no inline style). */
export const APP_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f6f7f9}
a{color:#0b57d0}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:2}
.top{background:#fff;border-bottom:4px solid #5b6b7f}
.top.mode-test{border-bottom-color:#b45309}
.top.mode-live{border-bottom-color:#15803d}
.bar{display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px;padding:10px 16px}
.brand{font-weight:700;font-size:1.2rem;text-decoration:none;color:#1a1a1a}
.company{color:#444}
.mode-badge{margin:0;padding:2px 10px;border-radius:999px;font-weight:600;font-size:.9rem}
.mode-badge[data-mode=test]{background:#fef3c7;color:#7c2d12}
.mode-badge[data-mode=live]{background:#dcfce7;color:#14532d}
nav{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;padding:0 16px 8px}
nav ul{display:flex;flex-wrap:wrap;gap:4px 16px;list-style:none;margin:0;padding:0}
nav a[aria-current=page]{font-weight:700;text-decoration:none;border-bottom:2px solid currentColor}
.who{display:flex;flex-wrap:wrap;align-items:center;gap:4px 12px;font-size:.9rem;color:#444}
.who form{margin:0}
button.link{background:none;border:0;padding:0;color:#0b57d0;text-decoration:underline;font:inherit;cursor:pointer}
main{max-width:1100px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;margin:.5rem 0 1rem}
h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
section{background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:12px 16px;margin:0 0 16px}
.flash{padding:10px 14px;border-radius:6px}
.flash-ok{background:#dcfce7;color:#14532d}
.flash-error{background:#fee2e2;color:#7f1d1d}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:8px;border-bottom:1px solid #e5e7eb;vertical-align:top}
th{font-size:.85rem;color:#374151}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.nowrap{white-space:nowrap}
.badge{display:inline-block;padding:1px 8px;border-radius:999px;font-size:.85rem;font-weight:600}
.badge-pending{background:#e0e7ff;color:#1e3a8a}
.badge-late{background:#fef3c7;color:#7c2d12}
.badge-accepted{background:#dcfce7;color:#14532d}
.badge-observed{background:#fef3c7;color:#7c2d12}
.badge-rejected{background:#fee2e2;color:#7f1d1d}
.badge-voided{background:#e5e7eb;color:#1f2937}
form.filters{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:8px;align-items:end;margin-bottom:12px}
fieldset{border:1px solid #dde1e6;border-radius:6px;margin:0 0 10px}
label.check{display:flex;gap:8px;align-items:center;font-weight:400}
label.check input{width:auto}
label{display:block;font-size:.9rem;font-weight:600;margin-bottom:2px}
input,select,textarea{width:100%;padding:8px;border:1px solid #6b7280;border-radius:6px;font:inherit;background:#fff}
textarea{min-height:6rem;font-family:ui-monospace,monospace;font-size:.8rem}
.field{margin-bottom:10px}
button,.button{display:inline-block;padding:8px 14px;border-radius:6px;border:1px solid #0b57d0;background:#0b57d0;color:#fff;font:inherit;cursor:pointer;text-decoration:none}
button.secondary{background:#fff;color:#0b57d0}
button.danger{background:#b91c1c;border-color:#b91c1c}
.inline{display:inline}
.secret{display:flex;flex-wrap:wrap;gap:8px;align-items:center;background:#fffbeb;border:1px solid #b45309;border-radius:6px;padding:10px}
.secret code{word-break:break-all;font-size:.95rem}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}
dl.facts dt{font-weight:600;color:#374151}
dl.facts dd{margin:0;word-break:break-word}
iframe.pdf{width:100%;height:70vh;border:1px solid #dde1e6;border-radius:6px;background:#fff}
ol.timeline{list-style:none;padding:0;margin:0}
ol.timeline li{padding:6px 0;border-bottom:1px solid #eef0f3}
.muted{color:#4b5563}
.warning{background:#fef3c7;color:#7c2d12;padding:8px 12px;border-radius:6px}
.grid2{display:grid;grid-template-columns:repeat(auto-fit,minmax(280px,1fr));gap:16px}
.actions{display:flex;flex-wrap:wrap;gap:12px;align-items:flex-end}
.actions form{flex:1 1 240px}
tr.fresh{animation:fresh 3s ease-out}
@keyframes fresh{from{background:#fef9c3}to{background:transparent}}
.auth{max-width:420px;margin:24px auto}
@media (max-width:640px){
  main{padding:10px}
  table.stack,table.stack tbody{display:block;width:100%}
  table.stack thead{position:absolute;left:-9999px}
  table.stack tr{display:block;border-bottom:1px solid #d1d5db;padding:6px 0}
  table.stack td{display:flex;justify-content:space-between;gap:12px;border:0;padding:3px 8px;text-align:right;overflow-wrap:anywhere;min-width:0}
  table.stack td::before{content:attr(data-label);font-weight:600;color:#374151;text-align:left;flex:0 0 auto}
  dl.facts{grid-template-columns:1fr}
  dl.facts dd{margin-bottom:6px}
}
`;
