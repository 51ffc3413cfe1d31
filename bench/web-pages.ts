// The web app on a student's phone (issue 31 point 4): Lighthouse in its default mobile profile (a
// simulated mid-range phone on slow 4G: 150 ms RTT, 1.6 Mbps, CPU slowed 4×) on the login page,
// a student's dashboard and My Classes, and a parent's dashboard and children page, against the
// real server (node src/server/main.ts, production mode) on a scratch data folder, with accounts,
// classes and lessons made through the HTTP API as the staff would make them.
//
// Each page is run several times (--runs, 3 by default: Lighthouse's scores move from one run to
// the next, more so on a shared machine) and the median run by performance score is kept: its
// full report, gzip-compressed, in bench/reports/web/, beside summary.json with every run's
// figures. A missed target is reported, not an error; the script fails only when it cannot run.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import lighthouse, { type Result } from 'lighthouse';
import { freePort } from '../tests/helpers/server-process.ts';
import { selfSignedCertificate, startHttpsProxy } from './https-proxy.ts';

/**
 * How the phone reaches the server: as deployed (README: behind a reverse proxy that terminates
 * TLS and speaks HTTP/2, bench/https-proxy.ts), and directly over plain HTTP/1.1, kept beside it
 * because a center may run without a proxy on its own network.
 */
export const TRANSPORTS = [
  { key: 'https-h2', label: 'HTTPS + HTTP/2 proxy (as deployed)' },
  { key: 'http1', label: 'HTTP/1.1, direct' },
] as const;
export type Transport = (typeof TRANSPORTS)[number]['key'];

const root = path.resolve(import.meta.dirname, '..');
export const REPORT_DIR = path.join(root, 'bench/reports/web');

export const TARGETS = {
  performance: 90,
  accessibility: 95,
  lcpMs: 2_500,
  tbtMs: 200,
} as const;

const ADMIN = { email: 'admin@bench.local', password: `admin-${randomBytes(6).toString('hex')}` };
const CENTER_OFFSET_MS = 7 * 3_600_000; // Asia/Ho_Chi_Minh, the server's default zone.

/** A small HTTP client keeping its session cookie, as a browser would. */
class Client {
  cookie: string | undefined;
  readonly baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { origin: this.baseUrl };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(this.baseUrl + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name, value] = pair.split('=');
      if (name === 'edu_session') this.cookie = value ? `${name}=${value}` : undefined;
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  post<T = unknown>(url: string, body?: unknown) {
    return this.call<T>('POST', url, body);
  }
  async signIn(email: string, password: string) {
    await this.post('/api/auth/login', { email, password });
    if (!this.cookie) throw new Error(`no session cookie after signing in as ${email}`);
  }
}

/** Signs in with the first password and sets a new one, as the first sign-in requires. */
async function firstSignIn(baseUrl: string, email: string, firstPassword: string) {
  const client = new Client(baseUrl);
  await client.signIn(email, firstPassword);
  const password = `pw-${randomBytes(6).toString('hex')}`;
  await client.post('/api/auth/change-password', {
    newPassword: password,
    confirmPassword: password,
  });
  // A fresh sign-in with the new password: the session the browser will carry.
  const signedIn = new Client(baseUrl);
  await signedIn.signIn(email, password);
  const session = await signedIn.call<{ mustChangePassword?: boolean }>('GET', '/api/auth/session');
  if (session.mustChangePassword) throw new Error(`${email} still has to change the password`);
  return signedIn;
}

const centerDate = (instant: number) =>
  new Date(instant + CENTER_OFFSET_MS).toISOString().slice(0, 10);
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const centerTime = (date: string, hhmm: string) =>
  new Date(`${date}T${hhmm}:00+07:00`).toISOString();

/**
 * A teacher, a student in three classes with lessons later today (as many as fit before the
 * center's midnight) and on the coming days, and the student's parent.
 */
async function seedFamily(baseUrl: string) {
  const admin = new Client(baseUrl);
  await admin.signIn(ADMIN.email, ADMIN.password);
  const account = async (role: string, fullName: string) => {
    const email = `${role}-${randomBytes(4).toString('hex')}@bench.local`;
    const made = await admin.post<{ user: { user_id: string }; password: string }>('/api/users', {
      email,
      full_name: fullName,
      role,
    });
    return { id: made.user.user_id, email, password: made.password };
  };
  const teacher = await account('teacher', 'Trần Minh Khoa');
  const student = await account('student', 'Nguyễn Thị Lan Anh');
  const parentEmail = `parent-${randomBytes(4).toString('hex')}@bench.local`;
  const parentMade = await admin.post<{ password: string }>(`/api/students/${student.id}/parents`, {
    full_name: 'Nguyễn Văn Hùng',
    email: parentEmail,
    phone: '0912 345 678',
  });

  const today = centerDate(Date.now());
  const classNames = ['IELTS Foundation 6.0', 'Speaking Club B1', 'Cambridge Flyers'];
  const topics = ['Speaking practice', 'Listening: Part 2', 'Writing Task 1', 'Vocabulary review'];
  let lessons = 0;
  for (const [index, className] of classNames.entries()) {
    const klass = await admin.post<{ class_id: string }>('/api/classes', {
      class_name: className,
      start_date: today,
      end_date: addDays(today, 60),
      description: null,
      teacher_id: teacher.id,
    });
    await admin.post(`/api/classes/${klass.class_id}/students`, { student_ids: [student.id] });
    const starts: string[] = [];
    // Today: a lesson starting 20 + 70·index minutes from now, when it ends before midnight.
    const todayStart = Math.ceil((Date.now() + (20 + 70 * index) * 60_000) / 300_000) * 300_000;
    if (centerDate(todayStart + 60 * 60_000) === today) {
      starts.push(new Date(todayStart).toISOString());
    }
    for (let day = 1; day <= 14; day++) {
      if ((day + index) % 3 === 0) starts.push(centerTime(addDays(today, day), `${17 + index}:30`));
    }
    for (const [n, start] of starts.entries()) {
      await admin.post(`/api/classes/${klass.class_id}/schedules`, {
        topic: topics[n % topics.length],
        description: null,
        start_time: start,
        end_time: new Date(Date.parse(start) + 60 * 60_000).toISOString(),
      });
      lessons++;
    }
  }
  await firstSignIn(baseUrl, teacher.email, teacher.password);
  const studentClient = await firstSignIn(baseUrl, student.email, student.password);
  const parentClient = await firstSignIn(baseUrl, parentEmail, parentMade.password);
  return { student: studentClient, parent: parentClient, lessons, classes: classNames.length };
}

async function startServer(dataDir: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: baseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { child, baseUrl };
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('the server did not answer within 30 s');
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function launchChromium(profileDir: string) {
  const child = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      '--disable-default-apps',
      '--no-first-run',
      '--no-default-browser-check',
      '--mute-audio',
      // The HTTPS proxy's certificate is self-signed for the run (bench/https-proxy.ts).
      '--ignore-certificate-errors',
      // A student's phone in Vietnam: the browser's language is Vietnamese, the product's own
      // (an English browser first fetches the English catalogue, src/web/main.tsx).
      '--lang=vi-VN',
      '--accept-lang=vi-VN,vi',
      '--remote-debugging-port=0',
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const portFile = path.join(profileDir, 'DevToolsActivePort');
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    if (child.exitCode !== null) throw new Error(`Chromium exited:\n${errors}`);
    if (fs.existsSync(portFile)) {
      const port = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]);
      if (port > 0) return { child, port };
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`Chromium did not open its debugging port:\n${errors}`);
}

export interface PageFigures {
  page: string;
  transport: Transport;
  path: string;
  finalUrl: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes over the (simulated) network for the page's load. */
  transferBytes: number;
}

interface PageToMeasure {
  transport: Transport;
  name: string;
  path: string;
  cookie?: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/** The audits that cost points: what a missed target comes from. */
function failingAudits(lhr: Result, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit): audit is Result['audits'][string] =>
        audit !== undefined &&
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable' &&
        audit.scoreDisplayMode !== 'manual',
    )
    .map(
      (audit) =>
        `${audit.id} (${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''})`,
    );
}

async function measure(port: number, baseUrl: string, page: PageToMeasure) {
  const result = await lighthouse(
    `${baseUrl}${page.path}`,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
    },
    // Lighthouse's default config: formFactor mobile, a mid-range phone's screen, and the
    // simulated slow 4G and 4× CPU slowdown (throttlingMethod 'simulate').
    undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) {
    throw new Error(
      `Lighthouse on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    );
  }
  const finalUrl: string = lhr.finalDisplayedUrl;
  const finalPath = new URL(finalUrl).pathname;
  if (finalPath !== page.path) {
    throw new Error(`${page.name}: Lighthouse measured ${finalUrl}, not ${page.path}`);
  }
  const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
  const figures: PageFigures = {
    page: page.name,
    transport: page.transport,
    path: page.path,
    finalUrl,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    tbtMs: Math.round(numeric('total-blocking-time')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    speedIndexMs: Math.round(numeric('speed-index')),
    transferBytes: Math.round(numeric('total-byte-weight')),
  };
  return {
    figures,
    report: result.report as string,
    failing: {
      performance: failingAudits(lhr, 'performance'),
      accessibility: failingAudits(lhr, 'accessibility'),
    },
    warnings: lhr.runWarnings ?? [],
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

export function missedTargets(f: PageFigures): string[] {
  const missed: string[] = [];
  if (f.performance < TARGETS.performance) missed.push(`performance ${f.performance} < 90`);
  if (f.accessibility < TARGETS.accessibility) missed.push(`accessibility ${f.accessibility} < 95`);
  if (f.lcpMs > TARGETS.lcpMs) missed.push(`LCP ${(f.lcpMs / 1000).toFixed(2)} s > 2.5 s`);
  if (f.tbtMs > TARGETS.tbtMs) missed.push(`TBT ${f.tbtMs} ms > 200 ms`);
  return missed;
}

export async function measurePages(options: {
  runs: number;
  only?: string[];
  transports?: Transport[];
}) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-bench-web-'));
  const dataDir = path.join(scratch, 'data');
  const profileDir = path.join(scratch, 'chromium');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(profileDir);
  const server = await startServer(dataDir);
  let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
  const proxy = await startHttpsProxy(new URL(server.baseUrl), selfSignedCertificate(scratch));
  const origins: Record<Transport, string> = { 'https-h2': proxy.origin, http1: server.baseUrl };
  try {
    const family = await seedFamily(server.baseUrl);
    console.log(
      `Seeded a student in ${family.classes} classes (${family.lessons} lessons from today on) and their parent.`,
    );
    const transports = options.transports ?? TRANSPORTS.map((transport) => transport.key);
    const pages: PageToMeasure[] = transports.flatMap((transport) =>
      [
        { name: 'login', path: '/login' },
        { name: 'student dashboard', path: '/dashboard', cookie: family.student.cookie },
        { name: 'student My Classes', path: '/classes', cookie: family.student.cookie },
        { name: 'parent dashboard', path: '/dashboard', cookie: family.parent.cookie },
        { name: 'parent children', path: '/children', cookie: family.parent.cookie },
      ]
        .filter((page) => !options.only || options.only.some((word) => page.name.includes(word)))
        .map((page) => ({ ...page, transport })),
    );

    chromium = await launchChromium(profileDir);
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    const results = [];
    for (const page of pages) {
      // The page asked for a few times first, unmeasured, straight from the server: its HTML
      // reads the page's data (src/server/plugins/web-boot.ts), and a server answering its
      // first requests of a kind is still compiling them. Lighthouse takes the HTML's server
      // time into its simulation; a steady server's is the one a center's students meet.
      for (let warm = 0; warm < 5; warm++) {
        const reply = await fetch(`${server.baseUrl}${page.path}`, {
          headers: page.cookie ? { cookie: page.cookie, 'accept-encoding': 'br' } : {},
        });
        await reply.arrayBuffer();
      }
      const runs = [];
      for (let run = 0; run < options.runs; run++) {
        runs.push(await measure(chromium.port, origins[page.transport], page));
        const f = runs.at(-1)!.figures;
        console.log(
          `  ${page.name} (${page.transport}) run ${run + 1}: performance ${f.performance}, accessibility ${f.accessibility}, LCP ${f.lcpMs} ms, TBT ${f.tbtMs} ms`,
        );
      }
      const middle = median(runs.map((r) => r.figures.performance));
      const kept = runs.find((r) => r.figures.performance === middle)!;
      const file = `${page.name.replaceAll(' ', '-')}.${page.transport}.report.json.gz`;
      fs.writeFileSync(path.join(REPORT_DIR, file), gzipSync(kept.report, { level: 9 }));
      results.push({
        ...kept.figures,
        report: file,
        missed: missedTargets(kept.figures),
        failingAudits: kept.failing,
        warnings: kept.warnings,
        benchmarkIndex: kept.benchmarkIndex,
        runs: runs.map((r) => r.figures),
      });
    }
    return results;
  } finally {
    if (chromium) {
      const exited = new Promise((resolve) => chromium!.child.once('exit', resolve));
      chromium.child.kill('SIGTERM');
      await exited;
    }
    await proxy.close();
    await stop(server.child);
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
