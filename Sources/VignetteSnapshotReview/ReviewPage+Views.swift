extension ReviewPage {
    /// The views of one snapshot and the pixel inspection.
    static let scriptViews = #"""
        function describe(item) {
          var words = {
            changed: 'The actual differs from the reference.',
            new: 'No reference: accept writes the actual as the reference.',
            recorded: 'A missing reference, recorded by the run: accept keeps it, reject deletes it.',
            obsolete: 'No test asserted this reference in the last complete run: accept deletes it, reject keeps it.'
          };
          var text = words[item.kind];
          if (item.decision === 'accepted' && item.hasReference) text += ' Accepted: the reference shown is the one now on disk.';
          if (item.decision && !item.hasReference) text += ' The reference is gone from disk.';
          return text;
        }
        function figureTable(f) {
          var rows = [['sizes', f.referenceWidth + '×' + f.referenceHeight + ' reference, ' + f.actualWidth + '×' + f.actualHeight + ' actual'],
            ['pixels', f.differingPixels + ' differ, ' + f.failingPixels + ' fail' + (f.antiAliasedPixels ? ', ' + f.antiAliasedPixels + ' anti-aliased' : '')],
            ['ΔE', 'worst ' + f.worstDeltaE.toFixed(2) + (f.p99DeltaE != null ? ' · p99 ' + f.p99DeltaE.toFixed(2) : '') +
              ' · a pixel fails beyond ' + ((1 - f.perceptualPrecision) * 100).toFixed(2) + (f.worstX != null ? ' · worst at ' + f.worstX + ',' + f.worstY : '')],
            ['tolerance', 'precision ' + f.precision + ' · perceptual ' + f.perceptualPrecision + ' · anti-aliasing ' + f.antiAliasing +
              (f.maxDifferentPixels != null ? ' · at most ' + f.maxDifferentPixels + ' failing' : '')],
            ['ignored', f.ignored.map(function (b) { return b.width + '×' + b.height + ' at ' + b.x + ',' + b.y; }).concat(
              f.ignoredMasks ? [f.ignoredMasks + ' mask(s)'] : []).join(' · ') || 'nothing']];
          if (f.ignoredDifferingPixels) rows[4][1] += ' (' + f.ignoredDifferingPixels + ' differing pixels ignored)';
          return el('table', { class: 'fig' }, rows.map(function (row) { return el('tr', {}, [el('td', { text: row[0] }), el('td', { text: row[1] })]); }));
        }
        function sized(img, zoom) {
          img.onload = function () {
            var w = img.naturalWidth, scale = zoom || (w <= 280 ? Math.max(1, Math.min(8, Math.floor(280 / w))) : 280 / w);
            img.style.width = w * scale + 'px';
            img.style.height = img.naturalHeight * scale + 'px';
          };
          return img;
        }
        function picture(kind, item, zoom) { return sized(el('img', { src: imageURL(kind, item), alt: kind, 'data-kind': kind }), zoom); }
        function panel(caption, kind, item, zoom, extra) {
          return el('figure', {}, [el('figcaption', { text: caption }), el('div', { class: 'frame' }, [picture(kind, item, zoom)].concat(extra || []))]);
        }
        function stacked(stage, item, caption, apply) {
          if (!has(item, 'reference') || !has(item, 'actual')) return views.side(stage, item);
          var top = picture('reference', item);
          top.className = 'top';
          var range = el('input', { type: 'range', min: '0', max: '100', value: '50', 'aria-label': caption });
          range.oninput = function () { apply(top, Number(range.value)); };
          apply(top, 50);
          stage.appendChild(el('figure', {}, [el('figcaption', { text: caption }), el('div', { class: 'frame' }, [picture('actual', item), top]), range]));
        }
        function box(kind, b, f) {
          var w = f.actualWidth, h = f.actualHeight, pct = function (v, t) { return (v * 100 / t) + '%'; };
          return el('span', { class: 'box ' + kind, style: 'left:' + pct(b.x, w) + ';top:' + pct(b.y, h) + ';width:' + pct(b.width, w) + ';height:' + pct(b.height, h) });
        }
        var views = {
          side: function (stage, item) {
            ['reference', 'actual'].concat(has(item, 'diff') ? ['diff'] : []).forEach(function (kind) {
              if (has(item, kind)) stage.appendChild(panel(kind, kind, item));
            });
          },
          swipe: function (stage, item) {
            stacked(stage, item, 'reference ◀ swipe ▶ actual', function (top, v) { top.style.clipPath = 'inset(0 ' + (100 - v) + '% 0 0)'; });
          },
          onion: function (stage, item) {
            stacked(stage, item, 'onion skin: reference over actual', function (top, v) { top.style.opacity = String(1 - v / 100); });
          },
          diff: function (stage, item) {
            if (!has(item, 'diff')) {
              stage.appendChild(el('p', { class: 'note', text: 'No diff image for this snapshot.' }));
              return views.side(stage, item);
            }
            var f = item.figures, extra = [];
            if (f && f.referenceWidth === f.actualWidth && f.referenceHeight === f.actualHeight) {
              f.ignored.forEach(function (b) { extra.push(box('ignored', b, f)); });
              if (f.bounds) extra.push(box('bounds', f.bounds, f));
              if (f.worstX != null) extra.push(box('worst', { x: f.worstX, y: f.worstY, width: 1, height: 1 }, f));
            }
            stage.appendChild(panel('diff: red fails · orange within tolerance · yellow anti-aliasing · blue stripes ignored; ' +
              'outlines: red changed bounds, dashed blue ignored, orange worst pixel', 'diff', item, 0, extra));
          },
          zoom: function (stage, item) {
            var panes = ['reference', 'actual'].filter(function (kind) { return has(item, kind); }).map(function (kind) {
              return el('div', { class: 'scroll' }, [el('div', { class: 'frame' }, [picture(kind, item, state.zoom)])]);
            });
            panes.forEach(function (pane) {
              pane.onscroll = function () { panes.forEach(function (o) { if (o !== pane) { o.scrollLeft = pane.scrollLeft; o.scrollTop = pane.scrollTop; } }); };
              stage.appendChild(el('figure', {}, [el('figcaption', { text: pane.querySelector('img').alt + ' · zoom ' + state.zoom + ':1 (+/−)' }), pane]));
            });
          }
        };
        function show(index) {
          state.index = Math.max(0, Math.min(state.items.length - 1, index));
          var item = current(), view = document.getElementById('view');
          view.textContent = '';
          if (!item) { view.appendChild(el('p', { class: 'note', text: 'Nothing to review: every snapshot of the last run matches its reference.' })); return; }
          view.appendChild(el('h2', {}, [badge(item.kind), el('code', { text: item.path }), item.decision ? badge(item.decision) : null]));
          view.appendChild(el('p', { class: 'figures', text: describe(item) }));
          if (item.figures && item.kind === 'changed') view.appendChild(figureTable(item.figures));
          var nav = el('div', { class: 'modes' });
          modes.forEach(function (mode, n) {
            var button = el('button', { text: (n + 1) + ' ' + labels[mode], 'data-mode': mode, class: mode === state.mode ? 'on' : '' });
            button.onclick = function () { setMode(mode); };
            nav.appendChild(button);
          });
          view.appendChild(nav);
          var stage = el('div', { class: 'stage', id: 'stage' });
          view.appendChild(stage);
          views[state.mode](stage, item);
          stage.onmousemove = inspect;
          view.appendChild(el('div', { id: 'inspect', text: 'Point at a pixel to inspect it.' }));
          var accept = el('button', { class: 'accept', id: 'accept', text: 'Accept (a)' }), reject = el('button', { class: 'reject', id: 'reject', text: 'Reject (r)' });
          accept.onclick = function () { decide(true); };
          reject.onclick = function () { decide(false); };
          view.appendChild(el('div', { class: 'actions' }, [accept, reject]));
          renderList();
          var row = document.querySelector('#list li.current');
          if (row) row.scrollIntoView({ block: 'nearest' });
          loadPixels(item);
        }
        function loadPixels(item) {
          state.pixels = {};
          ['reference', 'actual'].forEach(function (kind) {
            if (!has(item, kind)) return;
            var img = new Image();
            img.onload = function () {
              var canvas = document.createElement('canvas');
              canvas.width = img.naturalWidth;
              canvas.height = img.naturalHeight;
              var context = canvas.getContext('2d', { willReadFrequently: true });
              context.drawImage(img, 0, 0);
              if (current() === item) state.pixels[kind] = context.getImageData(0, 0, canvas.width, canvas.height);
            };
            img.src = imageURL(kind, item);
          });
        }
        function lab(p) {
          var lin = function (c) { c /= 255; return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); };
          var r = lin(p[0]), g = lin(p[1]), b = lin(p[2]);
          var f = function (t) { return t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116; };
          var x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047), y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
          var z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
          return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
        }
        function deltaE(p, q) {
          var a = lab(p), b = lab(q), dL = a[0] - b[0], c1 = Math.hypot(a[1], a[2]), dC = c1 - Math.hypot(b[1], b[2]);
          var dH2 = Math.max(0, Math.pow(a[1] - b[1], 2) + Math.pow(a[2] - b[2], 2) - dC * dC);
          var e = Math.sqrt(dL * dL + Math.pow(dC / (1 + 0.045 * c1), 2) + dH2 / Math.pow(1 + 0.015 * c1, 2));
          return Math.max(e * Math.max(p[3], q[3]) / 255, Math.abs(p[3] - q[3]) / 2.55);
        }
        function pixel(data, x, y) {
          if (!data || x >= data.width || y >= data.height) return null;
          var i = (y * data.width + x) * 4;
          return [data.data[i], data.data[i + 1], data.data[i + 2], data.data[i + 3]];
        }
        function inspect(event) {
          var img = event.target;
          if (img.tagName !== 'IMG' || !img.naturalWidth) return;
          var rect = img.getBoundingClientRect();
          var x = Math.floor((event.clientX - rect.left) * img.naturalWidth / rect.width), y = Math.floor((event.clientY - rect.top) * img.naturalHeight / rect.height);
          var reference = pixel(state.pixels.reference, x, y), actual = pixel(state.pixels.actual, x, y);
          var rgba = function (p) { return p ? 'rgba(' + p.join(',') + ')' : '—'; };
          var text = 'x ' + x + ', y ' + y + ' · reference ' + rgba(reference) + ' · actual ' + rgba(actual);
          if (reference && actual) text += ' · ΔE ' + deltaE(reference, actual).toFixed(2);
          document.getElementById('inspect').textContent = text;
        }
        """#
}
