/**
 * Report files go where their path points: a file is replaced atomically, a symbolic link is
 * written through to its target, a FIFO and standard output (`-`, /dev/stdout) are written
 * directly, and a path that cannot be written is one line and exit 2, never a hang.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeToDevice } from '../../src/cli/write-device.js';
import { cliForThisFile } from './cli-per-file.js';
import { run, tempDir, validCapture } from './helpers.js';

/** A hang guard for the child processes, generous for a loaded machine; never a speed limit. */
const HANG_GUARD_MS = 30_000;

const tmp = tempDir();
/** The CLI bundled once for every child of this file. */
const built = cliForThisFile();
afterAll(() => tmp.remove());
// The command runs as an unprivileged user when the tests run as root, so that file permissions
// hold (root writes into a read-only directory) and nothing of the system can be replaced.
chmodSync(tmp.dir, 0o777);
tmp.write('in/valid.json', validCapture);
const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

/** The real command line in a child process, exit code included. */
const cli = (...args: string[]) =>
  spawnSync(process.execPath, [built.cli, 'validate', 'in/valid.json', ...args], { cwd: tmp.dir, encoding: 'utf8', timeout: HANG_GUARD_MS, ...asUser });

const END_OF_JUNIT = /<\/testsuites>\s*$/;
const noTempFiles = (dir: string) => expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

/** The line on standard error when every report goes to a file: the verdict of in/valid.json and where the reports are. */
const summaryLine = (reports: string) => `social-analytics-api validate: 1 response: 1 valid, 0 invalid (reports: ${reports})`;

describe('report files where the path points', () => {
  it('a regular file is replaced atomically, its permissions kept; a missing directory is made', async () => {
    tmp.write('out/junit.xml', 'old');
    chmodSync(tmp.path('out/junit.xml'), 0o640);
    expect((await run(['in/valid.json', '--reporter', 'junit=out/junit.xml', '--reporter', 'json=new/deeper/report.json'], tmp.dir)).code).toBe(0);
    expect(readFileSync(tmp.path('out/junit.xml'), 'utf8')).toMatch(END_OF_JUNIT);
    expect(statSync(tmp.path('out/junit.xml')).mode & 0o777).toBe(0o640);
    expect(JSON.parse(readFileSync(tmp.path('new/deeper/report.json'), 'utf8')).summary.valid).toBe(1);
    noTempFiles(tmp.path('out'));
  });

  it('a symbolic link is written through to its target, atomically at the target; the link stays', async () => {
    tmp.write('targets/junit.xml', 'old');
    mkdirSync(tmp.path('links'), { recursive: true });
    symlinkSync('../targets/junit.xml', tmp.path('links/junit.xml'));
    symlinkSync('junit.xml', tmp.path('links/chain.xml'));
    symlinkSync('../targets/new.json', tmp.path('links/dangling.json'));
    const result = await run(['in/valid.json', '--reporter', 'junit=links/chain.xml', '--reporter', 'json=links/dangling.json'], tmp.dir);
    expect(result).toMatchObject({ code: 0, err: summaryLine('junit=links/chain.xml, json=links/dangling.json') });
    expect(lstatSync(tmp.path('links/chain.xml')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(tmp.path('links/junit.xml'))).toBe('../targets/junit.xml');
    expect(readFileSync(tmp.path('targets/junit.xml'), 'utf8')).toMatch(END_OF_JUNIT);
    expect(lstatSync(tmp.path('links/dangling.json')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(tmp.path('targets/new.json'), 'utf8')).summary.valid).toBe(1);
    noTempFiles(tmp.path('links'));
    noTempFiles(tmp.path('targets'));
  });

  it('a FIFO is written directly to its reader and stays a FIFO', async () => {
    const fifo = tmp.path('report.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    reader.stdout.on('data', (c: Buffer) => chunks.push(c));
    const guard = setTimeout(() => reader.kill(), HANG_GUARD_MS);
    const read = new Promise<void>((resolve) => reader.on('close', () => resolve()));
    const result = await run(['in/valid.json', '--reporter', 'junit=report.fifo'], tmp.dir);
    await read;
    clearTimeout(guard);
    expect(result).toMatchObject({ code: 0, err: summaryLine('junit=report.fifo') });
    expect(Buffer.concat(chunks).toString('utf8')).toMatch(END_OF_JUNIT);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('a FIFO nobody reads is refused after the wait, not waited on for ever', async () => {
    const fifo = tmp.path('unread.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    await expect(writeToDevice(fifo, 'report', { openWaitMs: 60 })).rejects.toThrow('no process reads the FIFO (waited 0.06 s)');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it('a reader that stops reading fails the write after the stall limit, not for ever', async () => {
    const fifo = tmp.path('stalled.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // Holds the FIFO open for reading and never reads.
    const reader = spawn('sh', ['-c', 'exec 3<"$1"; sleep 60', 'sh', fifo], { stdio: 'ignore' });
    try {
      await expect(writeToDevice(fifo, 'x'.repeat(4 * 1024 * 1024), { openWaitMs: HANG_GUARD_MS, stallMs: 100 })).rejects.toThrow('the reader took no byte for 0.1 s');
    } finally {
      reader.kill();
    }
  });

  it('a character device (/dev/null) is written directly and stays a device', () => {
    expect(cli('--reporter', 'junit=/dev/null')).toMatchObject({ status: 0, stderr: `${summaryLine('junit=/dev/null')}\n` });
    expect(lstatSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('- is standard output, and no file named - is made', async () => {
    const result = await run(['in/valid.json', '--reporter', 'junit=-'], tmp.dir);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^<\?xml[^]*<\/testsuites>$/);
    expect(readdirSync(tmp.dir)).not.toContain('-');
  });

  it('/dev/stdout is the standard output of the command (a pipe here), never replaced', () => {
    const result = cli('--reporter', 'junit=/dev/stdout');
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(result.stdout).toMatch(/^<\?xml[^]*<\/testsuites>\s*$/);
    expect(lstatSync('/dev/stdout').isSymbolicLink()).toBe(true);
  });

  it.each([
    ['a path under /proc', '/proc/no-such-dir/junit.xml', 'cannot make the directory /proc/no-such-dir: no such file or directory (ENOENT)'],
    ['a directory', 'in', 'it is a directory; a report goes to a file, a symbolic link to one, a FIFO or a character device'],
    ['a path below a file', 'in/valid.json/sub/junit.xml', `${join(tmp.dir, 'in/valid.json')} is not a directory`],
  ])('%s: one line naming the path and the reason, exit 2, no hang', (_, path, reason) => {
    const result = cli('--reporter', `junit=${path}`);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`social-analytics-api validate: cannot write the junit report to ${path}: ${reason}\n${summaryLine(`junit=${path}`)}\n`);
  });

  it('a read-only directory: one line naming the path and the reason, exit 2, no file left', () => {
    mkdirSync(tmp.path('read-only'));
    chmodSync(tmp.path('read-only'), 0o555);
    const result = cli('--reporter', 'junit=read-only/junit.xml');
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`social-analytics-api validate: cannot write the junit report to read-only/junit.xml: permission denied (EACCES)\n${summaryLine('junit=read-only/junit.xml')}\n`);
    expect(readdirSync(tmp.path('read-only'))).toEqual([]);
  });
});
