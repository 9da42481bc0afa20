/** The dashboard page's stylesheet: light and dark, no external fonts or images. */
export const pageStyle = `
:root {
  color-scheme: light dark;
  --bg: #f7f7f5; --panel: #ffffff; --text: #1d1f21; --muted: #6b7075; --line: #e2e3e0;
  --accent: #2f6fde; --done: #2e8b57; --stale: #b7791f; --stale-bg: #fff4dc; --danger: #c0392b;
  --bar: #e7e8e4; --selected: #e8f0fe; --flash: #fff7c2;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #15171a; --panel: #1d2024; --text: #e6e6e3; --muted: #9aa0a6; --line: #2e3238;
    --accent: #7aa7ff; --done: #5cc98b; --stale: #f0b35a; --stale-bg: #3a2e17; --danger: #ff7b6b;
    --bar: #2e3238; --selected: #23324d; --flash: #4a4420;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); height: 100vh; display: flex; flex-direction: column; }
header { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; padding: 10px 16px; border-bottom: 1px solid var(--line); background: var(--panel); }
header h1 { font-size: 16px; margin: 0 8px 0 0; letter-spacing: .02em; }
/* Never narrower than its Chinese placeholder (18 full-width characters, 1em each) and padding. */
header input[type=search] { flex: 1 1 260px; min-width: min(calc(19em + 22px), 100%); max-width: 420px; padding: 6px 10px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--text); font: inherit; }
header select { padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--text); font: inherit; }
#summary { color: var(--muted); }
.live { margin-left: auto; font-size: 12px; color: var(--muted); }
.live::before { content: ""; display: inline-block; width: 8px; height: 8px; border-radius: 50%; background: var(--muted); margin-right: 6px; vertical-align: 1px; }
.live.on::before { background: var(--done); }
.live.off::before { background: var(--danger); }
#banner { margin: 0; padding: 8px 16px; background: var(--stale-bg); color: var(--text); border-bottom: 1px solid var(--line); }
main { flex: 1; display: grid; grid-template-columns: minmax(0, 1fr) minmax(340px, 36%); min-height: 0; }
/* With no plan selected the detail pane holds one hint: the list takes the room. */
main:has(.select-hint) { grid-template-columns: minmax(0, 1fr) minmax(220px, 20%); }
@media (max-width: 900px) { main, main:has(.select-hint) { grid-template-columns: 1fr; grid-auto-rows: minmax(300px, auto); } }
#list-pane, #detail-pane { overflow: auto; min-height: 0; }
#detail-pane { border-left: 1px solid var(--line); background: var(--panel); padding: 16px 20px; }
/* Fixed layout: column widths come from the header, so a thousand rows need no measuring. */
table { width: 100%; border-collapse: collapse; table-layout: fixed; }
thead th { position: sticky; top: 0; background: var(--bg); text-align: left; font-weight: 600; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); padding: 8px 10px; border-bottom: 1px solid var(--line); z-index: 1; }
tbody tr { cursor: pointer; border-bottom: 1px solid var(--line); }
tbody tr:hover { background: var(--panel); }
tbody tr.selected { background: var(--selected); }
tbody tr:focus-visible { outline: 2px solid var(--accent); outline-offset: -2px; }
tbody tr.flash { animation: flash 1.2s ease-out; }
@keyframes flash { from { background: var(--flash); } }
/* Names and steps wrap rather than being cut: a session id or a step is read whole, and a
   row grows a line instead of hiding the part that tells two sessions apart. */
td { padding: 7px 10px; vertical-align: middle; overflow-wrap: anywhere; }
th.agent { width: 13%; }
/* A coding agent's session id is a UUID: room for it whole on a wide screen. */
th.session { width: 30%; }
th.scope { width: 9%; }
th.progress { width: 130px; }
th.state { width: 104px; }
th.updated { width: 86px; }
/* In a narrow list (a small window, or the detail pane open) the step in the "now" column is
   what is read: the session id gives it room and wraps instead, so a step breaks between
   words, never inside one (the dot is glued to the first word, so that word needs room too). */
#list-pane { container-type: inline-size; }
@container (max-width: 900px) { th.agent { width: 12%; } th.session { width: 20%; } th.scope { width: 8%; } }
td.now { overflow-wrap: break-word; }
td.progress, td.state, td.updated { white-space: nowrap; }
td.agent { font-weight: 600; }
td.session { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
td.scope { color: var(--muted); }
td.updated { color: var(--muted); font-size: 12px; }
.bar { display: inline-block; width: 70px; height: 8px; border-radius: 4px; background: var(--bar); overflow: hidden; vertical-align: middle; }
.bar > span { display: block; height: 100%; background: var(--accent); }
.is-done .bar > span { background: var(--done); }
.is-stale .bar > span { background: var(--stale); }
.count { margin-left: 8px; font-variant-numeric: tabular-nums; font-size: 12px; color: var(--muted); }
/* Static in the list (a thousand animated dots cost real CPU); only the open plan pulses. */
.pulse { display: inline-block; width: 8px; height: 8px; border-radius: 50%; background: var(--accent); margin-right: 6px; }
.is-stale .pulse { background: var(--stale); }
.status-in_progress .marker { animation: pulse 1.6s ease-in-out infinite; }
@keyframes pulse { 50% { opacity: .3; } }
.muted { color: var(--muted); }
.badge { display: inline-block; font-size: 11px; font-weight: 600; padding: 1px 7px; border-radius: 9px; border: 1px solid currentColor; text-transform: uppercase; letter-spacing: .04em; }
.badge.stale { color: var(--stale); background: var(--stale-bg); }
.badge.leftover { color: var(--danger); }
.badge.done { color: var(--done); }
.badge.open { color: var(--accent); }
.badge.empty, .badge.deleted { color: var(--muted); }
tr.is-stale td.agent::before { content: "⚠ "; color: var(--stale); }
/* A coloured edge tells open, stale and finished plans apart at a glance. */
tr.is-open td.agent { box-shadow: inset 3px 0 var(--accent); }
tr.is-stale td.agent { box-shadow: inset 3px 0 var(--stale); }
tr.is-done td.agent { box-shadow: inset 3px 0 var(--done); }
#empty { padding: 24px 16px; color: var(--muted); }
.hint { color: var(--muted); }
.error { color: var(--danger); }
#detail-pane h2 { font-size: 18px; margin: 0 0 4px; word-break: break-word; }
#detail-pane h3 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 22px 0 8px; }
.meta { color: var(--muted); font-size: 12px; display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; }
ol.items { list-style: none; padding: 0; margin: 0; }
ol.items li { padding: 6px 0; border-bottom: 1px solid var(--line); }
.marker { display: inline-block; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; margin-right: 2px; }
.item-id { color: var(--muted); margin-right: 2px; font-variant-numeric: tabular-nums; }
.status-completed .content, .status-cancelled .content { color: var(--muted); }
.status-cancelled .content { text-decoration: line-through; }
.status-in_progress .marker, .status-in_progress .content { color: var(--accent); font-weight: 600; }
.item-extra { margin: 2px 0 0 62px; font-size: 13px; color: var(--muted); white-space: pre-wrap; word-break: break-word; }
.item-extra.active { color: var(--accent); }
.item-extra.sub-agent a { color: var(--accent); }
.content { white-space: pre-wrap; word-break: break-word; }
.waits-after { color: var(--muted); font-size: 13px; }
.blocked-marker { font-size: 12px; border: 1px solid currentColor; border-radius: 3px; padding: 0 4px; color: var(--muted); }
.owner { color: var(--muted); font-size: 13px; }
ol.timeline { list-style: none; padding: 0; margin: 0; }
ol.timeline > li { padding: 8px 0 8px 14px; border-left: 2px solid var(--line); margin-left: 4px; position: relative; }
ol.timeline > li::before { content: ""; position: absolute; left: -5px; top: 13px; width: 8px; height: 8px; border-radius: 50%; background: var(--accent); }
ol.timeline > li.deleted::before { background: var(--danger); }
.tool { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; color: var(--text); }
.call { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 11px; }
.summary { font-size: 13px; margin-top: 2px; white-space: pre-wrap; word-break: break-word; }
ul.changes { list-style: none; padding: 0; margin: 4px 0 0; font-size: 13px; }
ul.changes li { white-space: pre-wrap; word-break: break-word; }
ul.changes .sign { display: inline-block; width: 1.1em; font-weight: 700; }
.change-added .sign { color: var(--accent); }
.change-completed .sign { color: var(--done); }
.change-cancelled .sign, .change-removed .sign, .change-cleared .sign { color: var(--muted); }
.change-dropped { color: var(--danger); }
.actions { margin-left: 8px; white-space: nowrap; }
.act { font: inherit; font-size: 12px; padding: 1px 6px; margin-left: 2px; border: 1px solid var(--line); border-radius: 4px; background: var(--panel); color: var(--text); cursor: pointer; }
.act:hover { border-color: var(--accent); }
.act:focus-visible, .edit-controls input:focus-visible, .edit-box:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.edit-box { font: inherit; min-width: 50%; }
.edit-controls { margin-top: 12px; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.edit-controls input { font: inherit; padding: 3px 6px; }
#add-item { flex: 1 1 240px; }
/* Wide enough for its placeholder in either language. */
#person-name { flex: 1 1 18em; }
.task { margin: 6px 0 0; white-space: pre-wrap; word-break: break-word; }
.edit-error { color: var(--danger); flex-basis: 100%; margin: 4px 0 0; }
.by, .writer { font-weight: 600; color: var(--text); }
.note-box { font: inherit; display: block; margin: 4px 0 0 2.5em; min-width: 50%; }
.note-box:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.approval { margin: 0 0 8px; display: flex; gap: 6px; align-items: center; }
.approval[data-state="approved"] .approval-state { color: var(--done); }
.approval[data-state="changed"] .approval-state { color: var(--danger); }
.verification { margin: 0 0 8px; font-size: 13px; word-break: break-word; }
.verification.passed { color: var(--done); }
.verification.failed, ol.timeline > li[data-check="failed"] .check-run, ol.timeline > li[data-check="timed-out"] .check-run { color: var(--danger); }
.item-extra.evidence { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 12px; }
`;
