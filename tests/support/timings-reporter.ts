// A Playwright reporter that says where an end-to-end run's time goes: for each project, how many
// tests ran, their summed duration (worker time: two workers share the run) and the span from its
// first test's start to its last test's end; and how long the servers took before the first test.
// With TIMINGS_FILE set (scripts/test.sh), the same lines are appended there for the run's summary.
import fs from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface ProjectTime {
  tests: number;
  workMs: number;
  first: number;
  last: number;
}

export default class TimingsReporter implements Reporter {
  private readonly created = Date.now();
  private begun = 0;
  private readonly projects = new Map<string, ProjectTime>();

  onBegin() {
    this.begun = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const name = test.parent.project()?.name ?? '?';
    const start = result.startTime.getTime();
    const time = this.projects.get(name) ?? { tests: 0, workMs: 0, first: start, last: 0 };
    time.tests += 1;
    time.workMs += result.duration;
    time.first = Math.min(time.first, start);
    time.last = Math.max(time.last, start + result.duration);
    this.projects.set(name, time);
  }

  onEnd(result: FullResult) {
    const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
    const lines = [
      `e2e: servers started     ${seconds(this.begun - this.created)}`,
      ...[...this.projects].map(
        ([name, t]) =>
          `e2e: ${name.padEnd(20)} ${String(t.tests).padStart(4)} tests, ${seconds(t.workMs).padStart(6)} of work, ${seconds(t.last - t.first).padStart(6)} from first to last`,
      ),
      `e2e: whole run (${result.status})  ${seconds(Date.now() - this.created)}`,
    ];
    console.log(`\n${lines.join('\n')}`);
    if (process.env.TIMINGS_FILE) fs.appendFileSync(process.env.TIMINGS_FILE, `${lines.join('\n')}\n`);
  }

  printsToStdio() {
    return false;
  }
}
