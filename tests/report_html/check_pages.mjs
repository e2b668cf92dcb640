// Measures HTML pages as Debian's chromium lays them out, over the DevTools protocol on a pipe
// (--remote-debugging-pipe: no port, no browser download, no npm package), one browser for all.
//   node check_pages.mjs [--shots DIR [--shot-height PX]] [--widths 1280,800] PAGE.html...
// For each page and width it reads the boxes of every chart text and mark and fails on: two labels
// that overlap, a label outside the viewport or its chart, a value label nearer another series'
// point than its own, a table or preformatted block cut at its right edge or wider than the page, a
// figure (a mark's value) shown neither as a label nor in the chart's table, a figure the page doubts
// (data-doubt) drawn like any other (its bar not grey and hatched, its point's marker not hollow and
// grey, its label not marked ⚠, its reason not written in its chart; a heat table's cell not grey,
// not marked ⚠, its reason not in the caption), a page that does not open with its summary (key
// figures and badges, each badge linking to its evidence, within one screen; critical, warning and
// info badges each looking different, critical ones first), and a
// page that is not self-contained (a script, or an address outside the file). Prints one line per
// problem and a closing "N passed, N failed"; exit status 1 on any problem. --shots DIR also writes a PNG of each
// page at each width (the docs' screenshots), of its top PX pixels with --shot-height.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const args = process.argv.slice(2);
let shots = null;
let widths = [1280, 800];
let shotHeight = 0;  // 0: the whole page
const pages = [];
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--shots') shots = args[++i];
  else if (args[i] === '--widths') widths = args[++i].split(',').map(Number);
  else if (args[i] === '--shot-height') shotHeight = Number(args[++i]);
  else pages.push(resolve(args[i]));
}
if (pages.length === 0) {
  console.error('check_pages: no page given');
  process.exit(2);
}

// The browser, with fds 3 (commands in) and 4 (answers out): NUL-terminated JSON messages.
let finished = false;
const profile = mkdtempSync(join(tmpdir(), 'rb-check-pages-'));
const browser = spawn('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--hide-scrollbars',
  '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
let stderr = '';
browser.stderr.on('data', (d) => { stderr += d; });
const deadline = setTimeout(() => fail('the browser did not finish within 120 s'), 120000);
// The browser is asked to close (killed, its helpers would write to the profile after it is gone)
// and killed only if it has not within 5 s; the profile goes once it has gone.
browser.stdio[3].on('error', () => {});  // a browser that died: its exit says so
function leave(status) {
  clearTimeout(deadline);
  const gone = () => {
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
    } catch (e) {
      console.error(`check_pages: cannot remove the browser's profile ${profile}: ${e.message}`);
    }
    process.exit(status);
  };
  if (browser.exitCode !== null || browser.signalCode !== null) gone();
  browser.once('exit', gone);
  browser.stdio[3].write(JSON.stringify({ id: nextId++, method: 'Browser.close' }) + '\0');
  setTimeout(() => browser.kill('SIGKILL'), 5000);
}
function fail(why) {
  if (finished) return;
  finished = true;
  console.error(`check_pages: ${why}${stderr ? `\n${stderr.slice(-2000)}` : ''}`);
  leave(2);
}
browser.on('exit', (code) => fail(`chromium exited (${code}) before the check ended`));
browser.on('error', (e) => fail(`cannot start chromium: ${e.message} (scripts/install-deps.sh test installs it)`));

let nextId = 1;
const waiting = new Map();
const listeners = [];
let buffer = Buffer.alloc(0);
browser.stdio[4].on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (let end = buffer.indexOf(0); end >= 0; end = buffer.indexOf(0)) {
    const message = JSON.parse(buffer.subarray(0, end).toString('utf8'));
    buffer = buffer.subarray(end + 1);
    if (message.id && waiting.has(message.id)) {
      const { ok, ko } = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) ko(new Error(`${message.error.message} ${message.error.data ?? ''}`));
      else ok(message.result);
    } else {
      for (const l of listeners.slice()) l(message);
    }
  }
});
function send(method, params = {}, sessionId) {
  const id = nextId++;
  browser.stdio[3].write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
  return new Promise((ok, ko) => waiting.set(id, { ok, ko }));
}
function once(method, sessionId) {
  return new Promise((ok) => {
    const l = (m) => {
      if (m.method === method && m.sessionId === sessionId) {
        listeners.splice(listeners.indexOf(l), 1);
        ok(m.params);
      }
    };
    listeners.push(l);
  });
}

// Runs in the page (as the harness's expression, not a script of the page): the problems found.
function measure() {
  const problems = [];
  const box = (e) => e.getBoundingClientRect();
  const name = (e) => (e.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 60);
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  const centre = (r) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  const distance = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px window`);
  if (document.scripts.length) problems.push(`${document.scripts.length} script element(s) in the page`);
  for (const e of document.querySelectorAll('[src], [href], link, iframe, object, embed, img')) {
    const address = e.getAttribute('src') || e.getAttribute('href') || '';
    if (!address.startsWith('#')) problems.push(`an address outside the page: <${e.localName}> ${address.slice(0, 80)}`);
  }
  for (const s of document.querySelectorAll('style'))
    if (/url\(\s*['"]?(?!#)/.test(s.textContent) || /@import/.test(s.textContent)) problems.push('the style loads something');

  // The answer on top: the summary right under the title, its key figures and badges, in one screen.
  const summary = document.querySelector('section.summary');
  if (!summary || document.querySelector('h1')?.nextElementSibling !== summary) problems.push('the page does not open with its summary');
  else {
    if (!summary.querySelector('dl.figures dt')) problems.push('the summary has no key figure');
    const badges = [...summary.querySelectorAll('a.badge')];
    if (badges.length === 0) problems.push('the summary has no badge');
    for (const b of badges)
      if (!document.getElementById((b.getAttribute('href') || '').slice(1))) problems.push(`the badge "${name(b)}" links to no evidence on the page`);
    // Critical, warning and info badges look different from each other, and a critical one comes first.
    const looks = (b) => ['backgroundColor', 'borderTopColor', 'color'].map((k) => getComputedStyle(b)[k]).join(' ');
    const levels = ['critical', 'warning', 'info'];
    const seen = new Map();
    for (const b of badges) {
      const level = levels.find((l) => b.classList.contains(l));
      if (level && !seen.has(level)) seen.set(level, { look: looks(b), text: name(b) });
    }
    for (let i = 0; i < levels.length; ++i)
      for (let j = i + 1; j < levels.length; ++j)
        if (seen.has(levels[i]) && seen.has(levels[j]) && seen.get(levels[i]).look === seen.get(levels[j]).look)
          problems.push(`the ${levels[i]} badge "${seen.get(levels[i]).text}" looks like the ${levels[j]} badge "${seen.get(levels[j]).text}"`);
    const firstOther = badges.findIndex((b) => !b.classList.contains('critical'));
    const late = badges.findIndex((b, i) => i > firstOther && firstOther >= 0 && b.classList.contains('critical'));
    if (late >= 0) problems.push(`the critical badge "${name(badges[late])}" comes after the badge "${name(badges[firstOther])}"`);
    if (box(summary).bottom > window.innerHeight) problems.push(`the summary ends at ${Math.round(box(summary).bottom)} px, below the first screen (${window.innerHeight} px)`);
  }

  for (const block of document.querySelectorAll('table, pre')) {
    const r = box(block);
    const scrolls = ['auto', 'scroll'].includes(getComputedStyle(block).overflowX) ||
      ['auto', 'scroll'].includes(getComputedStyle(block.parentElement).overflowX);
    if (r.right > width + 1) problems.push(`<${block.localName}> "${name(block).slice(0, 30)}" reaches ${Math.round(r.right)} px, past the ${width} px window`);
    if (block.scrollWidth > block.clientWidth + 1 && !scrolls) problems.push(`<${block.localName}> "${name(block).slice(0, 30)}" is cut at its right edge`);
  }

  // A doubtful cell of a heat table: grey, its figure marked ⚠, its reason in the table's caption.
  for (const td of document.querySelectorAll('table.heat td[data-doubt]')) {
    const what = `heat table "${td.closest('table').dataset.title?.slice(0, 50)}": ${td.dataset.row} at ${td.dataset.column} (${name(td)})`;
    const c = getComputedStyle(td);
    const rgb = (c.backgroundColor.match(/\d+/g) || []).slice(0, 3);
    const grey = c.backgroundImage.includes('gradient') || (rgb.length === 3 && rgb[0] === rgb[1] && rgb[1] === rgb[2]);
    if (!grey) problems.push(`${what} is doubtful but drawn like the others (its cell is not grey)`);
    if (!name(td).startsWith('⚠')) problems.push(`${what} is doubtful but its figure is not marked ⚠`);
    if (!(td.closest('table').querySelector('caption')?.textContent ?? '').includes(td.dataset.doubt))
      problems.push(`${what} is doubtful and its reason "${td.dataset.doubt.slice(0, 60)}" is not written in its caption`);
  }

  document.querySelectorAll('svg.chart').forEach((svg, n) => {
    const chart = `chart ${n + 1} "${svg.getAttribute('aria-label')?.replace(/^\w+ chart: /, '').slice(0, 50)}"`;
    const frame = box(svg);
    const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim() !== '' && box(t).width > 0);
    const boxes = texts.map(box);
    for (let i = 0; i < texts.length; ++i) {
      if (boxes[i].left < -1 || boxes[i].right > width + 1) problems.push(`${chart}: "${name(texts[i])}" is outside the window`);
      if (!inside(boxes[i], frame)) problems.push(`${chart}: "${name(texts[i])}" is outside its chart`);
      for (let j = i + 1; j < texts.length; ++j)
        if (overlap(boxes[i], boxes[j])) problems.push(`${chart}: "${name(texts[i])}" overlaps "${name(texts[j])}"`);
    }
    // Every mark's figure: its label, visible, or the chart's table naming it.
    const table = svg.dataset.valuesTable ? document.getElementById(svg.dataset.valuesTable) : null;
    const marks = [...svg.querySelectorAll('g.bar, g.point')].filter((g) => g.dataset.value !== '');
    for (const g of marks) {
      const label = g.querySelector('text.value');
      const shown = label && label.textContent.trim() !== '' && box(label).width > 0;
      if (!shown && !(table && table.textContent.includes(g.dataset.label)))
        problems.push(`${chart}: ${g.dataset.series} at ${g.dataset.category ?? g.dataset.x} (${g.dataset.label}) is neither labelled nor in a table`);
    }
    // A doubtful figure looks doubtful: a grey hatched bar or a hollow grey marker, its label marked,
    // its reason written in the chart.
    const grey = (colour) => {
      const c = colour.match(/\d+/g);
      return c && c.length >= 3 && c[0] === c[1] && c[1] === c[2];
    };
    const written = [...svg.querySelectorAll('text.doubt')].map((t) => t.textContent).join('\n');
    for (const g of marks.filter((m) => m.dataset.doubt)) {
      const what = `${g.dataset.series} at ${g.dataset.category ?? g.dataset.x} (${g.dataset.label})`;
      const bar = g.querySelector('rect'), marker = g.querySelector('.marker');
      const drawn = bar ? /-doubt"?\)$/.test(getComputedStyle(bar).fill) || grey(getComputedStyle(bar).fill)
                        : marker && ['none', 'rgb(255, 255, 255)'].includes(getComputedStyle(marker).fill) && grey(getComputedStyle(marker).stroke);
      if (!drawn) problems.push(`${chart}: ${what} is doubtful but drawn like the others (${bar ? 'its bar is not grey' : 'its marker is not hollow and grey'})`);
      const label = g.querySelector('text.value')?.textContent.trim() ?? '';
      if (!g.dataset.label.startsWith('⚠') || (label !== '' && !label.startsWith('⚠'))) problems.push(`${chart}: ${what} is doubtful but its figure is not marked ⚠`);
      if (!written.includes(g.dataset.doubt)) problems.push(`${chart}: ${what} is doubtful and its reason "${g.dataset.doubt.slice(0, 60)}" is not written in the chart`);
    }
    // A value label belongs to the nearest mark: its own, never another series'.
    const points = marks.filter((g) => g.matches('g.point'));
    for (const g of points.filter((p) => !p.querySelector('.marker'))) problems.push(`${chart}: ${g.dataset.series} at ${g.dataset.x} has no .marker`);
    for (const g of points.filter((p) => p.querySelector('.marker'))) {
      const label = g.querySelector('text.value');
      if (!label || box(label).width === 0) continue;
      const at = centre(box(label));
      const own = distance(at, centre(box(g.querySelector('.marker'))));
      for (const other of points.filter((p) => p.querySelector('.marker'))) {
        if (other.dataset.series === g.dataset.series) continue;
        const d = distance(at, centre(box(other.querySelector('.marker'))));
        if (d < own - 0.5) {
          problems.push(`${chart}: the label "${name(label)}" of ${g.dataset.series} at ${g.dataset.x} is nearer ${other.dataset.series}'s point`);
          break;
        }
      }
    }
    for (const g of marks.filter((m) => m.matches('g.bar'))) {
      const label = g.querySelector('text.value'), bar = g.querySelector('rect');
      if (!label || !bar) continue;
      const l = box(label), b = box(bar);
      const mid = (l.top + l.bottom) / 2;
      if (mid < b.top - 1 || mid > b.bottom + 1) problems.push(`${chart}: the label "${name(label)}" is not beside its bar`);
    }
  });
  return problems;
}

let passed = 0, failed = 0;
try {
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  await send('Page.enable', {}, sessionId);
  for (const page of pages) {
    for (const w of widths) {
      await send('Emulation.setDeviceMetricsOverride', { width: w, height: 900, deviceScaleFactor: 1, mobile: false }, sessionId);
      const loaded = once('Page.loadEventFired', sessionId);
      await send('Page.navigate', { url: `file://${page}` }, sessionId);
      await loaded;
      const { result, exceptionDetails } = await send('Runtime.evaluate', { expression: `(${measure})()`, returnByValue: true }, sessionId);
      if (exceptionDetails) throw new Error(`measuring ${page}: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      const problems = result.value;
      if (problems.length === 0) ++passed;
      else ++failed;
      for (const p of problems) console.log(`${basename(page)} at ${w} px: ${p}`);
      if (shots) {
        const clip = shotHeight ? { clip: { x: 0, y: 0, width: w, height: shotHeight, scale: 1 } } : {};
        const { data } = await send('Page.captureScreenshot', { format: 'png', captureBeyondViewport: true, ...clip }, sessionId);
        writeFileSync(join(shots, `${basename(page, '.html')}-${w}.png`), Buffer.from(data, 'base64'));
      }
    }
  }
} catch (e) {
  fail(e.message);
}
if (!finished) {
  finished = true;
  console.log(`${passed} passed, ${failed} failed`);
  leave(failed ? 1 : 0);
}
