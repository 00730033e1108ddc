// The proof-of-work challenge's cost per level for both solvers (issue 38): a script in Node
// (altcha-lib's node:crypto PBKDF2) and a page (Web Crypto's deriveBits, here Node's implementation of
// it, which like a browser's runs the derivation as native code). Each level is solved at its mean
// work (the counter half its maximum), interleaved, median of N runs.
import { loadavg } from 'node:os';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey as nodeDeriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as webDeriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { CHALLENGE_ALGORITHM, CHALLENGE_COST } from '../../shared/challenge/challenge';
import { CHALLENGE_LEVELS } from '../../functions/lib/challenge';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function runChallengeBench(runs = 5): Promise<void> {
  console.log(`\nProof-of-work challenge: ${CHALLENGE_ALGORITHM}, ${CHALLENGE_COST} iterations a try; mean work of each level (counter = max / 2), median of ${runs}, Node ${process.version}, load ${loadavg()[0].toFixed(1)}`);
  console.log('level  max tries  Node (script) ms  Web Crypto (page) ms  page / script');
  for (const [level, max] of CHALLENGE_LEVELS.entries()) {
    const counter = Math.floor(max / 2);
    const challenge = await createChallenge({ algorithm: CHALLENGE_ALGORITHM, cost: CHALLENGE_COST, counter, deriveKey: nodeDeriveKey });
    const times = { node: [] as number[], web: [] as number[] };
    for (let run = 0; run < runs; run++) {
      for (const [solver, deriveKey] of [['node', nodeDeriveKey], ['web', webDeriveKey]] as const) {
        const started = performance.now();
        const solution = await solveChallenge({ challenge, deriveKey });
        if (solution?.counter !== counter) throw new Error(`level ${level}: the ${solver} solver found ${solution?.counter}, not ${counter}`);
        times[solver].push(performance.now() - started);
      }
    }
    const node = median(times.node);
    const web = median(times.web);
    console.log(`${String(level).padStart(5)}  ${String(max).padStart(9)}  ${node.toFixed(0).padStart(16)}  ${web.toFixed(0).padStart(20)}  ${(web / node).toFixed(2).padStart(13)}`);
  }
  console.log('  (a mid-range phone runs the page column about 3-4 times slower than this machine; a script pays the Node column per write)');
}
