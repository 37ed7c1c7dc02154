// The dancing-links page: an editor for a problem in Knuth's format with a menu of examples,
// a playground that solves it in workers, and a visualizer that replays the engine's trace.
// This file only wires them together; the package's main wasm module runs in the package's
// module workers (lib/pool.js): reads and traces on a pool of one, searches on every core (on
// the site, the first count on one worker, on the page's first module: lib/pool.js `fullModule`).
// The pools come with this page's script (the import below), where the sudoku page imports
// them when first asked for (lib/solver.js `pools`): this page's first act is a count, which
// would otherwise wait for them after its module is in (40-120 ms more at the cold-start
// bench's 1.47 Mbit/s, bench/cold-start/), while its first bytes have no bar of their own.
import '../lib/pool.js';
import { grouped as format } from '../lib/numbers.js';
import { solverStateText, watchSolver } from '../lib/solver.js';
import { Editor } from './editor.js';
import { EXAMPLES, exampleUrl } from './examples.js';
import { Playground } from './playground.js';
import { MAX_LINK_TEXT, STORAGE_KEY, decodeHash, encodeHash, textHash } from './share.js';
import { Visualizer } from './visualizer.js';

const $ = (id) => document.getElementById(id);

const engineStatus = $('engine-status');
watchSolver((state, error) => {
  engineStatus.dataset.state = state;
  engineStatus.textContent = solverStateText(state, error);
});

let visualizer;
const editor = new Editor(
  {
    textarea: $('problem'),
    gutter: $('gutter'),
    backdrop: $('backdrop'),
    error: $('problem-error'),
    errorText: $('problem-error-text'),
    errorButton: $('problem-error-show'),
    commentNote: $('comment-note'),
  },
  () => visualizer?.stale(),
);

const playground = new Playground(editor, {
  form: $('solve-form'),
  limit: $('limit'),
  solve: $('solve'),
  cancel: $('cancel'),
  progress: $('progress'),
  status: $('solve-status'),
  stats: $('solve-stats'),
  count: $('stat-count'),
  nodes: $('stat-nodes'),
  updates: $('stat-updates'),
  time: $('stat-time'),
  note: $('solutions-note'),
  solutions: $('solutions'),
  download: $('download-solutions'),
});

visualizer = new Visualizer(editor, {
  visualize: $('visualize'),
  status: $('viz-status'),
  body: $('viz-body'),
  restart: $('viz-restart'),
  back: $('viz-back'),
  play: $('viz-play'),
  step: $('viz-step'),
  next: $('viz-next'),
  end: $('viz-end'),
  jump: $('viz-jump'),
  goto: $('viz-goto'),
  gotoLevel: $('viz-goto-level'),
  jumpNote: $('viz-jump-note'),
  levelGo: $('viz-level-go'),
  zoomIn: $('viz-zoom-in'),
  zoomOut: $('viz-zoom-out'),
  zoomFit: $('viz-zoom-fit'),
  speed: $('viz-speed'),
  speedOut: $('viz-speed-out'),
  stepCount: $('viz-step-count'),
  truncated: $('viz-truncated'),
  caption: $('viz-caption'),
  matrix: $('matrix'),
  tree: $('viz-tree'),
  level: $('viz-level'),
  nodes: $('viz-nodes'),
  updates: $('viz-updates'),
  solutions: $('viz-solutions'),
  engineStats: $('viz-engine-stats'),
  partial: $('viz-partial'),
  partialEmpty: $('viz-partial-empty'),
});

// The examples menu, each with its known number of solutions.
const menu = $('example');
for (const example of EXAMPLES) {
  const option = document.createElement('option');
  option.value = example.id;
  option.textContent = `${example.title} (${format(example.count)} solution${example.count === 1 ? '' : 's'})`;
  option.dataset.count = String(example.count);
  menu.append(option);
}
const custom = document.createElement('option');
custom.value = '';
custom.textContent = 'Your own problem';
menu.append(custom);

/**
 * The address and storage follow the problem: an example by name, your own by its text. An
 * example picked from the menu gets its own entry in the browser's history (Back returns to
 * the problem before it); edits replace the entry.
 */
const share = {
  timer: 0,
  exampleLoaded(id, { push = false } = {}) {
    const hash = encodeHash({ example: id });
    if (push && location.hash && location.hash !== hash) history.pushState(null, '', hash);
    else history.replaceState(null, '', hash);
    this.note('');
  },
  edited() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.keep(), 300);
  },
  keep() {
    const text = editor.text;
    let kept = true;
    try {
      localStorage.setItem(STORAGE_KEY, text);
    } catch {
      // Storage off or full: the address still holds a short problem.
      kept = false;
    }
    const fits = text.length <= MAX_LINK_TEXT;
    const address = fits ? encodeHash({ text }) : kept ? encodeHash({ kept: textHash(text) }) : location.pathname;
    history.replaceState(null, '', address);
    this.note(fits
      ? ''
      : kept
        ? 'This problem is too long for a link: it is kept in this browser, where this address reopens it while it is the last one edited here; download it to share it.'
        : 'This problem is too long for a link, and this browser does not keep it: download it to keep it.');
  },
  /** The note under the problem ('' hides it), said again only when it changes. */
  note(text) {
    const note = $('link-note');
    note.hidden = !text;
    if (note.textContent !== text) note.textContent = text;
  },
  /** The text kept in this browser if it is the one `hash` names (`#kept=`), else null. */
  kept(hash) {
    const text = this.stored();
    return text != null && textHash(text) === hash ? text : null;
  },
  /** Says that an address's kept problem is not here (the page shows another). */
  keptMissing() {
    this.note('This address names a problem too long for a link, kept by the browser where it was edited, and this browser does not keep it (it keeps the last one edited here): here is another.');
  },
  stored() {
    try {
      return localStorage.getItem(STORAGE_KEY);
    } catch {
      return null;
    }
  },
};

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

$('copy-problem-link').addEventListener('click', async () => {
  const example = document.body.dataset.example;
  if (example) share.exampleLoaded(example);
  else share.keep();
  const status = $('share-status');
  if (!example && editor.text.length > MAX_LINK_TEXT) {
    // `#kept=` opens it in this browser only.
    status.textContent = 'This problem is too long for a link: download it to share it.';
    return;
  }
  try {
    await navigator.clipboard.writeText(location.href);
    status.textContent = 'Copied the link: it opens this problem.';
  } catch {
    status.textContent = 'The address bar holds the link to this problem: copy it from there.';
  }
});
$('download-problem').addEventListener('click', () => download(`${document.body.dataset.example ?? 'problem'}.dlx`, editor.text));
$('download-solutions').addEventListener('click', () => download('solutions.txt', playground.solutionsText()));

/** Your own problem: the text in the address, or the one kept from your last visit. */
function loadOwn(text) {
  menu.value = '';
  delete document.body.dataset.example;
  editor.text = text;
  $('example-about').textContent = 'Your own problem.';
  delete $('example-about').dataset.count;
  playground.problemChanged();
  share.keep();
  return visualizer.load();
}

async function fetchExample(example) {
  const response = await fetch(exampleUrl(example));
  if (!response.ok) throw new Error(`could not load ${exampleUrl(example)} (${response.status})`);
  return response.text();
}

async function loadExample(id, { push = false } = {}) {
  const example = EXAMPLES.find((e) => e.id === id);
  const about = $('example-about');
  if (!example) {
    const kept = share.stored();
    if (kept != null && kept !== editor.text) return loadOwn(kept);
    about.textContent = 'Type or paste a problem below.';
    return;
  }
  about.textContent = `${example.about} Known count: ${format(example.count)} solution${example.count === 1 ? '' : 's'}.`;
  about.dataset.count = String(example.count);
  // The example the page opens with is inlined in the site's page (scripts/build-pages.mjs).
  const text = document.querySelector(`script[data-example="${id}"]`)?.textContent ?? await fetchExample(example);
  if (menu.value !== id) return; // another example was picked meanwhile
  editor.text = text;
  document.body.dataset.example = id;
  playground.problemChanged();
  share.exampleLoaded(id, { push });
  await visualizer.load();
}

menu.addEventListener('change', () => {
  loadExample(menu.value, { push: true }).catch((error) => {
    $('example-about').textContent = `The example could not be loaded: ${error.message}`;
  });
});
$('problem').addEventListener('input', () => {
  playground.problemChanged();
  share.edited();
  delete document.body.dataset.example;
  if (menu.value !== '') {
    menu.value = '';
    $('example-about').textContent = 'Edited: your own problem.';
    delete $('example-about').dataset.count;
  }
});

/**
 * Back, Forward or an address typed by hand: opens the problem the address names, unless it
 * is the one shown; an address that names none gets the shown problem's.
 */
async function openAddress() {
  clearTimeout(share.timer);
  const wanted = decodeHash(location.hash);
  try {
    const kept = wanted?.kept != null ? share.kept(wanted.kept) : null;
    if (wanted?.text != null || kept != null) {
      const text = wanted?.text ?? kept;
      if (menu.value !== '' || text !== editor.text) await loadOwn(text);
    } else if (EXAMPLES.some((e) => e.id === wanted?.example)) {
      if (document.body.dataset.example !== wanted.example) {
        menu.value = wanted.example;
        await loadExample(wanted.example);
      }
    } else {
      // An address of no problem here: the shown problem's, and why where it named one.
      if (document.body.dataset.example) share.exampleLoaded(document.body.dataset.example);
      else share.keep();
      if (wanted?.kept != null) share.keptMissing();
    }
  } catch (error) {
    $('example-about').textContent = `The example could not be loaded: ${error.message}`;
  }
}
// Escape cancels a search, as on the sudoku page.
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && !event.isComposing) playground.cancel();
});
window.addEventListener('popstate', openAddress);
window.addEventListener('hashchange', openAddress);

const linked = decodeHash(location.hash);
try {
  const kept = linked?.kept != null ? share.kept(linked.kept) : null;
  if (linked?.text != null || kept != null) await loadOwn(linked?.text ?? kept);
  else {
    menu.value = EXAMPLES.some((e) => e.id === linked?.example) ? linked.example : EXAMPLES[0].id;
    await loadExample(menu.value);
    if (linked?.kept != null) share.keptMissing();
  }
} catch (error) {
  $('example-about').textContent = `The example could not be loaded: ${error.message}`;
}
document.body.dataset.ready = 'true';
