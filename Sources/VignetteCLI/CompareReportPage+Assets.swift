extension CompareReportPage {
    /// The page's CSS: a checkerboard under every image so transparency shows.
    static let style = """
        :root{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d1d1f;background:#f4f4f6}
        body{margin:0}header{background:#fff;border-bottom:1px solid #ddd;padding:14px 24px;position:sticky;top:0;z-index:2}
        h1{font-size:20px;margin:0 0 4px}.dirs,.legend{margin:0 0 8px;color:#555;font-size:12.5px}
        .legend i{display:inline-block;width:10px;height:10px;margin:0 3px 0 8px;vertical-align:-1px}
        .legend .red{background:#e60028}.legend .amber{background:#ff8c00}.legend .blue{outline:2px solid #1a73e8;outline-offset:-2px}
        .legend .yellow{background:#ffe600}.legend .ignored{background:repeating-linear-gradient(45deg,#2864e6 0 3px,#afc8f5 3px 6px)}
        code{font:12.5px ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-all}
        nav button{font:inherit;border:1px solid #ccc;background:#fafafa;border-radius:14px;padding:3px 12px;margin:0 6px 0 0;cursor:pointer}
        nav button.on{background:#1d1d1f;color:#fff;border-color:#1d1d1f}
        main{padding:16px 24px}.file{background:#fff;border:1px solid #ddd;border-radius:8px;padding:12px 16px;margin:0 0 16px}
        .file.changed{border-left:5px solid #d93025}.file.added{border-left:5px solid #1e8e3e}
        .file.removed{border-left:5px solid #8e24aa}.file.unreadable{border-left:5px solid #f29900}
        .file.unchanged{border-left:5px solid #9aa0a6}
        h2{font-size:15px;margin:0 0 4px;font-weight:600}.figures{margin:0 0 10px;color:#444}
        .badge{display:inline-block;font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:#fff;
        border-radius:4px;padding:1px 7px;vertical-align:2px;background:#9aa0a6}
        .badge.changed{background:#d93025}.badge.added{background:#1e8e3e}.badge.removed{background:#8e24aa}
        .badge.unreadable{background:#f29900}
        .panels{display:grid;grid-template-columns:repeat(auto-fill,minmax(230px,1fr));gap:12px;align-items:start}
        figure{margin:0}figcaption{font-size:12px;color:#555;margin:0 0 4px}
        .frame{position:relative;line-height:0;border:1px solid #ccc;
        background:repeating-conic-gradient(#fff 0 25%,#e4e4e4 0 50%) 0 0/16px 16px}
        .frame img{width:100%;height:auto;display:block}.frame.px img{image-rendering:pixelated}
        .box{position:absolute;outline:2px solid #1a73e8;outline-offset:1px;box-sizing:border-box;pointer-events:none}
        .wipe .top{position:absolute;inset:0;clip-path:inset(0 50% 0 0)}
        .wipe input{width:100%;margin:6px 0 0}
        .quiet{columns:3 220px;margin:0;padding-left:18px}
        """

    /// The filter buttons and the wipe sliders.
    static let script = """
        document.querySelectorAll('nav button').forEach(function (b) {
          b.onclick = function () {
            document.querySelectorAll('nav button').forEach(function (o) { o.classList.toggle('on', o === b); });
            document.querySelectorAll('.file').forEach(function (f) {
              f.hidden = b.dataset.show !== 'all' && f.dataset.status !== b.dataset.show;
            });
          };
        });
        document.querySelectorAll('.wipe input').forEach(function (r) {
          r.oninput = function () {
            r.parentNode.querySelector('.top').style.clipPath = 'inset(0 ' + (100 - r.value) + '% 0 0)';
          };
        });
        """
}
