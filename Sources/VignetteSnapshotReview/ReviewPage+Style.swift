extension ReviewPage {
    /// The page's CSS: a checkerboard under every image so transparency shows.
    static let style = """
        :root{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d1d1f;background:#f4f4f6}
        body{margin:0}header{background:#fff;border-bottom:1px solid #ddd;padding:10px 20px}
        h1{font-size:19px;margin:0 0 2px}#summary{margin:0 0 6px;color:#444}
        .bar{display:flex;gap:8px;align-items:center;flex-wrap:wrap}.keys{color:#666;font-size:12px}
        button{font:inherit;border:1px solid #bbb;background:#fafafa;border-radius:6px;padding:3px 12px;cursor:pointer}
        button.on{background:#1d1d1f;color:#fff;border-color:#1d1d1f}#accept-all,.accept{background:#1e8e3e;color:#fff;border-color:#1e8e3e}
        .reject{background:#fff;color:#b3261e;border-color:#b3261e}button:disabled{opacity:.5;cursor:default}
        .layout{display:grid;grid-template-columns:minmax(220px,300px) 1fr;min-height:calc(100vh - 90px)}
        aside{background:#fff;border-right:1px solid #ddd;overflow:auto}#list{list-style:none;margin:0;padding:0}
        #list li{padding:7px 12px;border-bottom:1px solid #eee;cursor:pointer;word-break:break-all}
        #list li.current{background:#e8f0fe}#list li .decision{float:right;font-size:11px;color:#555}
        .badge{display:inline-block;font-size:10.5px;text-transform:uppercase;letter-spacing:.04em;color:#fff;
        border-radius:4px;padding:0 6px;margin-right:6px;background:#9aa0a6}
        .badge.changed{background:#d93025}.badge.new{background:#1e8e3e}.badge.recorded{background:#1a73e8}
        .badge.obsolete{background:#8e24aa}.badge.accepted{background:#1e8e3e}.badge.rejected{background:#5f6368}
        main{padding:14px 20px;overflow:auto}h2{font-size:15px;margin:0 0 4px;font-weight:600;word-break:break-all}
        .note{color:#666;padding:0 12px}.figures{margin:0 0 8px;color:#333}
        table.fig{border-collapse:collapse;margin:0 0 10px;font-size:12.5px}table.fig td{padding:1px 10px 1px 0}
        table.fig td:first-child{color:#666}.modes{margin:8px 0;display:flex;gap:6px}.actions{margin:10px 0;display:flex;gap:8px}
        .stage{display:flex;gap:14px;flex-wrap:wrap;align-items:flex-start}figure{margin:0;width:fit-content}
        figcaption{font-size:12px;color:#555;margin:0 0 3px}
        .frame{position:relative;line-height:0;border:1px solid #ccc;display:inline-block;
        background:repeating-conic-gradient(#fff 0 25%,#e4e4e4 0 50%) 0 0/16px 16px}
        .frame img{display:block;image-rendering:pixelated}.frame .top{position:absolute;left:0;top:0}
        .scroll{max-width:46vw;max-height:62vh;overflow:auto;border:1px solid #ccc}.scroll .frame{display:block;width:max-content}
        .box{position:absolute;box-sizing:border-box;pointer-events:none}.box.ignored{outline:2px dashed #1a73e8}
        .box.bounds{outline:2px solid #d93025}.box.worst{outline:2px solid #ff8c00}
        input[type=range]{display:block;width:100%;box-sizing:border-box;margin:6px 0 0}#inspect{font:12.5px ui-monospace,Menlo,monospace;min-height:1.5em;margin:8px 0}
        #toast{position:fixed;right:16px;bottom:16px;background:#1d1d1f;color:#fff;padding:6px 12px;border-radius:6px;opacity:0}
        #toast.show{opacity:.92}#toast.error{background:#b3261e}
        """
}
