"""Self instructions per function of a Node process under callgrind, V8's JIT code (wasm
functions included) named from its perf map: the wasm side of a per-call profile.

    node --no-liftoff --no-wasm-tier-up --perf-basic-prof SCRIPT   # under:
    valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file=OUT node ...
    python3 bench/calls/callgrind-jit.py OUT /tmp/perf-PID.map [OUT2 MAP2 CALLS]

With two runs (N and N + CALLS calls), prints the difference per call: the steady state,
without start-up. Wasm functions carry their Rust names on a build with a name section
(`wasm-bindgen --keep-debug`, `wasm-opt -g`); V8's compiler work that lands between the two
runs (JS tiering up) shows as `v8::internal::compiler::...` and is noise.
"""
import bisect
import collections
import sys


def profile(out, perf_map):
    ranges = []
    for line in open(perf_map):
        start, size, name = line.rstrip('\n').split(' ', 2)
        ranges.append((int(start, 16), int(size, 16), name))
    ranges.sort()
    starts = [r[0] for r in ranges]
    costs = collections.Counter()
    names = {}
    fn, pos, after_call = '?', 0, False
    for line in open(out):
        line = line.rstrip('\n')
        if line.startswith(('fn=(', 'cfn=(')):
            rest = line[line.index('=') + 1:]
            ident, name = rest[:rest.index(')') + 1], rest[rest.index(')') + 1:].strip()
            if name:
                names[ident] = name
            if line.startswith('fn='):
                fn = names.get(ident, ident)
            continue
        if line.startswith('calls='):
            after_call = True  # the next cost line is the call's inclusive cost
            continue
        if line and (line[0] in '+-*' or line[0].isdigit()):
            parts = line.split()  # positions: instr line; then Ir
            p = parts[0]
            if p.startswith('0x'):
                pos = int(p, 16)
            elif p[0] == '+':
                pos += int(p[1:])
            elif p[0] == '-':
                pos -= int(p[1:])
            if after_call:
                after_call = False
                continue
            cost = int(parts[2]) if len(parts) > 2 else 0
            i = bisect.bisect_right(starts, pos) - 1
            if i >= 0 and pos < ranges[i][0] + ranges[i][1]:
                costs['JIT ' + ranges[i][2].removesuffix('-turbofan')] += cost
            else:
                costs[fn] += cost
            continue
        after_call = False
    return costs


costs = profile(sys.argv[1], sys.argv[2])
calls = 1
if len(sys.argv) > 5:
    later = profile(sys.argv[3], sys.argv[4])
    calls = float(sys.argv[5])
    costs = collections.Counter({k: later[k] - costs[k] for k in set(costs) | set(later)})
total = sum(costs.values())
print(f'total {total / calls:.0f}')
for name, cost in sorted(costs.items(), key=lambda kv: -abs(kv[1]))[:40]:
    print(f'{cost / calls:12.0f} {100 * cost / total:6.1f}%  {name[:110]}')
