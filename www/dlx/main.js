// The dancing-links page: an editor for a problem in Knuth's format with a menu of examples,
// a playground that solves it in the worker, and a visualizer that replays the engine's trace.
// This file only wires them together; the package's main wasm module (exact cover, no sudoku)
// lives in a module worker (lib/dlx-worker.js).
import { Engine } from '../lib/engine.js';
import { Editor } from './editor.js';
import { EXAMPLES, exampleUrl } from './examples.js';
import { Playground } from './playground.js';
import { Visualizer } from './visualizer.js';

const $ = (id) => document.getElementById(id);
const format = (n) => Number(n).toLocaleString('en-US');

const engineStatus = $('engine-status');
const engine = new Engine('dlx', (state, error) => {
  engineStatus.dataset.state = state;
  engineStatus.textContent =
    state === 'loading'
      ? 'Loading the solver…'
      : state === 'ready'
        ? 'Solver ready (WebAssembly, in a worker).'
        : `The solver could not start: ${error?.message ?? 'unknown error'}`;
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
  },
  () => visualizer?.stale(),
);

const playground = new Playground(engine, editor, {
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
});

visualizer = new Visualizer(engine, editor, {
  visualize: $('visualize'),
  status: $('viz-status'),
  body: $('viz-body'),
  restart: $('viz-restart'),
  back: $('viz-back'),
  play: $('viz-play'),
  step: $('viz-step'),
  next: $('viz-next'),
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

async function loadExample(id) {
  const example = EXAMPLES.find((e) => e.id === id);
  const about = $('example-about');
  if (!example) {
    about.textContent = 'Type or paste a problem below.';
    return;
  }
  about.textContent = `${example.about} Known count: ${format(example.count)} solution${example.count === 1 ? '' : 's'}.`;
  about.dataset.count = String(example.count);
  const response = await fetch(exampleUrl(example));
  if (!response.ok) throw new Error(`could not load ${exampleUrl(example)} (${response.status})`);
  const text = await response.text();
  if (menu.value !== id) return; // another example was picked meanwhile
  editor.text = text;
  document.body.dataset.example = id;
  playground.clear();
  await visualizer.load();
}

menu.addEventListener('change', () => {
  loadExample(menu.value).catch((error) => {
    $('example-about').textContent = `The example could not be loaded: ${error.message}`;
  });
});
$('problem').addEventListener('input', () => {
  delete document.body.dataset.example;
  if (menu.value !== '') {
    menu.value = '';
    $('example-about').textContent = 'Edited: your own problem.';
    delete $('example-about').dataset.count;
  }
});

menu.value = EXAMPLES[0].id;
try {
  await loadExample(menu.value);
} catch (error) {
  $('example-about').textContent = `The example could not be loaded: ${error.message}`;
}
document.body.dataset.ready = 'true';
