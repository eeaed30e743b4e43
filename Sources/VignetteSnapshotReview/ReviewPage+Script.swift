extension ReviewPage {
    /// State, the list, the decisions and the keyboard.
    static let script = #"""
        'use strict';
        var token = document.querySelector('meta[name=review-token]').content;
        var state = { items: [], index: 0, mode: 'side', zoom: 1, pixels: {} };
        var modes = ['side', 'swipe', 'onion', 'diff', 'zoom'];
        var labels = { side: 'side by side', swipe: 'swipe', onion: 'onion skin', diff: 'diff', zoom: 'zoom' };
        function el(tag, attrs, children) {
          var node = document.createElement(tag);
          Object.keys(attrs || {}).forEach(function (key) {
            if (key === 'text') node.textContent = attrs[key];
            else if (key === 'class') node.className = attrs[key];
            else node.setAttribute(key, attrs[key]);
          });
          (children || []).forEach(function (child) { if (child) node.appendChild(child); });
          return node;
        }
        function badge(text) { return el('span', { class: 'badge ' + text, text: text }); }
        function current() { return state.items[state.index]; }
        function has(item, kind) {
          if (kind === 'reference') return item.hasReference;
          if (kind === 'actual') return item.kind !== 'obsolete';
          return kind === 'diff' && item.hasDiff && !item.decision;
        }
        function imageURL(kind, item) {
          return '/image/' + kind + '?path=' + encodeURIComponent(item.path) + '&v=' + (item.version || 0);
        }
        function toast(text, error) {
          var node = document.getElementById('toast');
          node.textContent = text;
          node.className = 'show' + (error ? ' error' : '');
          clearTimeout(toast.timer);
          toast.timer = setTimeout(function () { node.className = ''; }, 2600);
        }
        function post(action, path) {
          var url = '/api/' + action + (path ? '?path=' + encodeURIComponent(path) : '');
          return fetch(url, { method: 'POST', headers: { 'X-Review-Token': token } }).then(function (response) {
            return response.json().then(function (body) {
              var failed = [].concat(body).filter(function (outcome) { return outcome.error; });
              if (!response.ok || failed.length) throw new Error(failed.map(function (o) { return o.error; }).join('; ') || response.statusText);
              return body;
            });
          });
        }
        function settle(item, outcome) {
          item.decision = outcome.decision;
          item.version = (item.version || 0) + 1;
          if (outcome.effect === 'deleted') item.hasReference = false;
          if (outcome.effect === 'accepted') item.hasReference = true;
        }
        function decide(accept) {
          var item = current();
          if (!item) return;
          post(accept ? 'accept' : 'reject', item.path).then(function (outcome) {
            settle(item, outcome);
            toast(item.path + ': ' + outcome.decision + ' (' + outcome.effect + ')');
            renderList();
            show(state.index);
          }).catch(function (error) { toast(error.message, true); });
        }
        function acceptAll() {
          post('accept-all').then(function (outcomes) {
            outcomes.forEach(function (outcome) {
              state.items.forEach(function (item) { if (item.path === outcome.path) settle(item, outcome); });
            });
            toast('accepted ' + outcomes.length + ' snapshot' + (outcomes.length === 1 ? '' : 's'));
            renderList();
            show(state.index);
          }).catch(function (error) { toast(error.message, true); });
        }
        function renderList() {
          var list = document.getElementById('list');
          list.textContent = '';
          state.items.forEach(function (item, index) {
            var row = el('li', { 'data-path': item.path, class: index === state.index ? 'current' : '' },
              [badge(item.kind), el('span', { text: item.path }), item.decision ? el('span', { class: 'decision', text: item.decision }) : null]);
            row.onclick = function () { show(index); };
            list.appendChild(row);
          });
        }
        function summarise(data) {
          var counts = {};
          data.items.forEach(function (item) { counts[item.kind] = (counts[item.kind] || 0) + 1; });
          var parts = Object.keys(counts).map(function (kind) { return counts[kind] + ' ' + kind; });
          var text = data.items.length + ' to review' + (parts.length ? ': ' + parts.join(', ') : '') +
            ' · references ' + data.snapshots + ' · last run ' + data.artifacts;
          if (data.ci) text += ' · CI=true: accepting is refused';
          document.getElementById('summary').textContent = text;
          document.getElementById('undecided').textContent = data.obsoleteUndecided ?
            'Obsolete references are not listed: ' + data.obsoleteUndecided + '.' : '';
        }
        function setMode(mode) { state.mode = mode; show(state.index); }
        function zoomBy(factor) { state.zoom = Math.max(1, Math.min(16, state.zoom * factor)); if (state.mode === 'zoom') show(state.index); }
        document.addEventListener('keydown', function (event) {
          if (event.ctrlKey || event.metaKey || event.altKey) return;
          if (event.target.tagName === 'INPUT' && event.key.indexOf('Arrow') === 0) return;
          var key = event.key;
          if (key === 'j' || key === 'ArrowDown') show(state.index + 1);
          else if (key === 'k' || key === 'ArrowUp') show(state.index - 1);
          else if (key >= '1' && key <= '5') setMode(modes[Number(key) - 1]);
          else if (key === 'a') decide(true);
          else if (key === 'r') decide(false);
          else if (key === 'A') acceptAll();
          else if (key === '+' || key === '=') zoomBy(2);
          else if (key === '-') zoomBy(0.5);
          else return;
          event.preventDefault();
        });
        document.getElementById('accept-all').onclick = acceptAll;
        document.getElementById('done').onclick = function () {
          post('quit').then(function () {
            document.body.textContent = '';
            document.body.appendChild(el('p', { class: 'note', text: 'Review finished: the server has stopped. You may close this tab.' }));
          }).catch(function (error) { toast(error.message, true); });
        };
        fetch('/api/run').then(function (response) { return response.json(); }).then(function (data) {
          state.items = data.items;
          summarise(data);
          renderList();
          show(0);
        }).catch(function (error) { toast('cannot read the run: ' + error.message, true); });

        """#
}
