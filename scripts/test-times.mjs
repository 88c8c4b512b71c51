// What `npm test` reads from the runners' JSON reports at its end (scripts/test.mjs): where a
// run's minutes went, and which tests were skipped.
export function timeTable(vitest, playwright, cwd) {
  // Where the time goes: each vitest project's summed file time and each e2e spec file's summed
  // walk time, then the slowest files of all. Files run in parallel inside vitest, so a project's
  // sum can exceed the step's wall time; the ranking is what says where to cut.
  const seconds = (ms) => (ms / 1000).toFixed(1);
  const suiteTimes = new Map();
  const fileTimes = [];
  const addFile = (suite, file, ms, tests) => {
    const entry = suiteTimes.get(suite) ?? { ms: 0, files: 0, tests: 0 };
    entry.ms += ms;
    entry.files += 1;
    entry.tests += tests;
    suiteTimes.set(suite, entry);
    fileTimes.push({ suite, file, ms });
  };
  for (const file of vitest?.testResults ?? []) {
    const relative = String(file.name ?? '').replace(`${cwd}/`, '');
    const suite = `vitest ${relative.match(/^tests\/([^/]+)\//)?.[1] ?? 'other'}`;
    addFile(
      suite,
      relative,
      Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)),
      file.assertionResults?.length ?? 0,
    );
  }
  const specTimes = new Map();
  const collect = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      const entry = specTimes.get(here) ?? { ms: 0, tests: 0 };
      for (const test of spec.tests ?? []) {
        entry.tests += 1;
        for (const result of test.results ?? []) entry.ms += result.duration ?? 0;
      }
      specTimes.set(here, entry);
    }
    for (const child of suite.suites ?? []) collect(child, here);
  };
  for (const suite of playwright?.suites ?? []) collect(suite, suite.file ?? suite.title);
  for (const [file, { ms, tests }] of specTimes) addFile('e2e', `tests/e2e/${file}`, ms, tests);
  const lines = [];
  if (fileTimes.length > 0) {
    lines.push('\n=== time per suite (summed file times)');
    for (const [suite, { ms, files, tests }] of [...suiteTimes].sort((a, b) => b[1].ms - a[1].ms)) {
      lines.push(
        `${seconds(ms).padStart(8)} s  ${suite.padEnd(20)} ${String(files).padStart(4)} files ${String(tests).padStart(5)} tests`,
      );
    }
    lines.push('\n=== slowest files');
    for (const { suite, file, ms } of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 15)) {
      lines.push(`${seconds(ms).padStart(8)} s  ${file} (${suite})`);
    }
  }
  // The files vitest ended with, each with when it began and ended (seconds from vitest's first
  // file): a long file begun late is what holds the step, whatever its rank above.
  const spans = (vitest?.testResults ?? [])
    .filter((file) => file.startTime && file.endTime)
    .map((file) => ({
      file: String(file.name).replace(`${cwd}/`, ''),
      start: file.startTime,
      end: file.endTime,
    }));
  if (spans.length > 0) {
    const first = Math.min(...spans.map((span) => span.start));
    lines.push("\n=== vitest's last files to end (begun → ended, seconds into vitest)");
    for (const { file, start, end } of spans.sort((a, b) => b.end - a.end).slice(0, 8)) {
      lines.push(`${seconds(start - first).padStart(8)} → ${seconds(end - first).padStart(7)} s  ${file}`);
    }
  }
  return lines;
}

/**
 * Every skipped test as "file › full name" (vitest), and every skipped walk whose test.skip gave
 * no reason (Playwright keeps it as the skip annotation's description).
 */
export function skippedTests(vitest, playwright, cwd) {
  const skips = [];
  for (const file of vitest?.testResults ?? []) {
    const relative = String(file.name ?? '').replace(`${cwd}/`, '');
    for (const test of file.assertionResults ?? []) {
      if (['skipped', 'pending', 'todo'].includes(test.status)) skips.push(`${relative} › ${test.fullName}`);
    }
  }
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const reason = (test.annotations ?? []).find((a) => ['skip', 'fixme'].includes(a.type))?.description;
        if (test.results?.at(-1)?.status === 'skipped' && !reason)
          skips.push(`tests/e2e/${here} › ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of playwright?.suites ?? []) walk(suite, suite.file ?? suite.title);
  return skips;
}
