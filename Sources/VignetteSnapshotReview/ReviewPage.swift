/// The review page: one self-contained HTML file (inline CSS and script, no
/// external resource, no CDN), filled in by its script from `/api/run`.
///
/// Per snapshot: side by side, a swipe slider, onion skin, the diff image
/// with its ΔE figures, the changed bounds and the ignored regions, and a
/// zoom of 1 to 16 screen pixels per image pixel with pixel inspection
/// (both colours and their ΔE under the pointer). Accept or reject each, or
/// accept all; keyboard: j/k next/previous, 1–5 views, a accept, r reject,
/// Shift+A accept all, +/− zoom, ? help.
enum ReviewPage {
    static func html(token: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
        <meta name="review-token" content="\(HTML.escape(token))"><link rel="icon" href="data:,">
        <title>Snapshot review</title><style>\(style)</style></head><body>
        <header><h1>Snapshot review</h1><p id="summary">loading…</p>
        <div class="bar"><button id="accept-all" title="Shift+A: accept every changed and new snapshot">Accept all</button>
        <button id="done" title="stop the review server">Done</button>
        <span class="keys">j/k next/previous · 1 side by side · 2 swipe · 3 onion · 4 diff · 5 zoom · +/− zoom · a accept · r reject · Shift+A accept all</span></div>
        </header>
        <div class="layout"><aside><ul id="list"></ul><p id="undecided" class="note"></p></aside>
        <main id="view"><p class="note">Nothing selected.</p></main></div>
        <div id="toast" role="status" aria-live="polite"></div>
        <script>\(script)\(scriptViews)</script></body></html>
        """
    }
}
