// The rules page: the game's section of RULES.md (embedded in the server) as HTML.

const game = location.pathname.split('/')[2] || '';

function escape(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function inline(text) {
  return escape(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*]+)\*/g, '$1<em>$2</em>');
}

/** A small Markdown renderer for the constructs RULES.md uses. */
function render(lines) {
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^\s*$/.test(line) || /^-{5,}$/.test(line)) { i++; continue; }
    const h = line.match(/^(#{1,4})\s+(.*)$/);
    if (h) { out.push(`<h${h[1].length + 1}>${inline(h[2])}</h${h[1].length + 1}>`); i++; continue; }
    if (line.startsWith('    ')) {
      const block = [];
      while (i < lines.length && (lines[i].startsWith('    ') || lines[i].trim() === '')) block.push(lines[i++].slice(4));
      out.push(`<pre>${escape(block.join('\n').trimEnd())}</pre>`);
      continue;
    }
    if (line.startsWith('|')) {
      const rows = [];
      while (i < lines.length && lines[i].startsWith('|')) rows.push(lines[i++]);
      const cells = (r) => r.split('|').slice(1, -1).map((c) => c.trim());
      let html = '<table><thead><tr>' + cells(rows[0]).map((c) => `<th>${inline(c)}</th>`).join('') + '</tr></thead><tbody>';
      for (const r of rows.slice(2)) html += '<tr>' + cells(r).map((c) => `<td>${inline(c)}</td>`).join('') + '</tr>';
      out.push(html + '</tbody></table>');
      continue;
    }
    if (/^- /.test(line)) {
      const items = [];
      while (i < lines.length && (/^- /.test(lines[i]) || /^ {2}\S/.test(lines[i]))) {
        if (/^- /.test(lines[i])) items.push(lines[i].slice(2));
        else items[items.length - 1] += ' ' + lines[i].trim();
        i++;
      }
      out.push('<ul>' + items.map((t) => `<li>${inline(t)}</li>`).join('') + '</ul>');
      continue;
    }
    const para = [];
    while (i < lines.length && lines[i].trim() !== '' && !/^(#|\||- |    |-{5,})/.test(lines[i])) para.push(lines[i++]);
    out.push(`<p>${inline(para.join(' '))}</p>`);
  }
  return out.join('\n');
}

async function main() {
  const text = await (await fetch('/static/RULES.md')).text();
  const lines = text.split('\n');
  const starts = [];
  lines.forEach((l, i) => { if (/^## \d+\. /.test(l)) starts.push(i); });
  const common = lines.slice(0, starts[0]);
  let section = null;
  starts.forEach((s, k) => {
    if (lines[s].toLowerCase().includes(game.toLowerCase()) && game) section = lines.slice(s, starts[k + 1] ?? lines.length);
  });
  const body = document.querySelector('#rules-text');
  if (!section) {
    body.innerHTML = `<p>No game called '${escape(game)}'.</p>`;
    return;
  }
  const title = section[0].replace(/^## \d+\.\s*/, '');
  document.title = `Rules of ${title.split(' ')[0]} \u2014 boardlab`;
  body.innerHTML = render(section) + '<h2>Rules common to all four games</h2>' + render(common.filter((l) => !l.startsWith('# ')));
  const play = document.querySelector('#play-link');
  play.href = `/?game=${encodeURIComponent(game)}`;
  play.textContent = `Play ${title.split(' ')[0]}`;
}

main();
