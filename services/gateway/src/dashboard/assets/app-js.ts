/**
 * The dashboard's one script, served from /dashboard/assets/app.js (the CSP allows no inline script). Every page
 * works without it except three conveniences: the copy button, reading a certificate file into its form, and the
 * live rows of the documents list. It writes only text (textContent), never markup.
 */
export const APP_JS = `"use strict";
document.addEventListener("click", function (event) {
  var button = event.target.closest("[data-copy]");
  if (button) {
    var source = document.getElementById(button.getAttribute("data-copy"));
    if (source && navigator.clipboard) {
      navigator.clipboard.writeText(source.textContent).then(function () {
        button.textContent = button.getAttribute("data-copied") || "OK";
      });
    }
  }
});
document.addEventListener("submit", function (event) {
  var message = event.target.getAttribute("data-confirm");
  if (message && !window.confirm(message)) event.preventDefault();
});
document.querySelectorAll("input[type=file][data-base64-into]").forEach(function (input) {
  input.addEventListener("change", function () {
    var target = document.getElementById(input.getAttribute("data-base64-into"));
    var file = input.files && input.files[0];
    if (!target || !file) return;
    var reader = new FileReader();
    reader.onload = function () {
      var url = String(reader.result);
      target.value = url.slice(url.indexOf(",") + 1);
    };
    reader.readAsDataURL(file);
  });
});
(function liveDocuments() {
  var table = document.getElementById("documents");
  if (!table || !window.EventSource) return;
  var body = table.querySelector("tbody");
  var base = table.getAttribute("data-base");
  var labels = JSON.parse(table.getAttribute("data-labels") || "{}");
  var source = new EventSource(table.getAttribute("data-stream"));
  source.addEventListener("open", function () { table.setAttribute("data-live", "open"); });
  function cell(label, text, className) {
    var td = document.createElement("td");
    td.setAttribute("data-label", labels[label] || label);
    if (className) td.className = className;
    if (text instanceof Node) td.appendChild(text); else td.textContent = text == null ? "" : String(text);
    return td;
  }
  function onEvent(message) {
    var event;
    try { event = JSON.parse(message.data); } catch (e) { return; }
    var doc = event && event.data && event.data.object;
    if (!doc || doc.object !== "document") return;
    var link = document.createElement("a");
    link.href = base + "/" + encodeURIComponent(doc.id);
    link.textContent = doc.series + "-" + doc.number;
    var badge = document.createElement("span");
    badge.className = "badge badge-" + String(doc.status).replace(/[^a-z_]/g, "");
    badge.textContent = labels["status." + doc.status] || doc.status;
    var row = document.createElement("tr");
    row.id = "row-" + doc.id;
    row.className = "fresh";
    row.appendChild(cell("number", link));
    row.appendChild(cell("type", labels["type." + doc.type] || doc.type));
    row.appendChild(cell("customer", doc.customer ? doc.customer.name : ""));
    row.appendChild(cell("date", doc.issue_date));
    row.appendChild(cell("total", doc.total == null ? "" : (doc.currency || "") + " " + doc.total, "num"));
    row.appendChild(cell("status", badge));
    var old = document.getElementById("row-" + doc.id);
    if (old) old.replaceWith(row); else body.insertBefore(row, body.firstChild);
    var empty = document.getElementById("documents-empty");
    if (empty) empty.hidden = true;
  }
  ["document.accepted", "document.observed", "document.rejected", "document.voided", "document.void_failed"].forEach(
    function (type) { source.addEventListener(type, onEvent); });
})();
(function liveEvents() {
  var table = document.getElementById("events");
  if (!table || !window.EventSource) return;
  var body = table.querySelector("tbody");
  var docs = table.getAttribute("data-docs");
  var only = table.getAttribute("data-type");
  var labels = table.querySelectorAll("thead th");
  var source = new EventSource(table.getAttribute("data-stream"));
  source.addEventListener("open", function () { table.setAttribute("data-live", "open"); });
  function cell(index, content) {
    var td = document.createElement("td");
    td.setAttribute("data-label", labels[index] ? labels[index].textContent : "");
    if (content instanceof Node) td.appendChild(content); else td.textContent = content;
    return td;
  }
  function onEvent(message) {
    var event;
    try { event = JSON.parse(message.data); } catch (e) { return; }
    if (!event || (only && event.type !== only) || document.getElementById("event-" + event.id)) return;
    var object = event.data && event.data.object;
    var subject = object && object.id ? object.id : "";
    if (object && object.object === "document") {
      subject = document.createElement("a");
      subject.href = docs + "/" + encodeURIComponent(object.id);
      subject.textContent = object.series + "-" + object.number;
    }
    var code = document.createElement("code");
    code.textContent = event.type;
    var row = document.createElement("tr");
    row.id = "event-" + event.id;
    row.className = "fresh";
    // As the server prints times: Lima's time zone, in the page's language.
    var when = new Date(event.created_at).toLocaleString(document.documentElement.lang, {
      dateStyle: "medium", timeStyle: "short", timeZone: "America/Lima" });
    row.appendChild(cell(0, when));
    row.appendChild(cell(1, code));
    row.appendChild(cell(2, subject));
    body.insertBefore(row, body.firstChild);
    var empty = document.getElementById("events-empty");
    if (empty) empty.hidden = true;
  }
  ["document.accepted", "document.observed", "document.rejected", "document.voided", "document.void_failed",
    "email.sent", "email.failed"].forEach(function (type) { source.addEventListener(type, onEvent); });
})();
`;
