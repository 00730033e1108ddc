// Fetches AWS's DynamoDB Local (jar + native sqlite libraries) once into .cache/dynamodb-local.
// It ships inside the npm package amplify-dynamodb-simulator; we take only the emulator folder
// with `npm pack` instead of installing that package, whose own dependencies are heavy.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, readdirSync, renameSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '2.9.30';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, '.cache', 'dynamodb-local');
const jar = join(target, 'DynamoDBLocal.jar');

if (existsSync(jar)) process.exit(0);

const work = join(root, '.cache', 'dynamodb-local-download');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
console.log(`Fetching DynamoDB Local (amplify-dynamodb-simulator@${VERSION}) ...`);
execFileSync('npm', ['pack', `amplify-dynamodb-simulator@${VERSION}`, '--silent'], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
if (!tarball) throw new Error('npm pack produced no tarball');
execFileSync('tar', ['xzf', tarball, 'package/emulator'], { cwd: work });
rmSync(target, { recursive: true, force: true });
renameSync(join(work, 'package', 'emulator'), target);
rmSync(work, { recursive: true, force: true });
console.log(`DynamoDB Local ready in ${target}`);
