import type { Reporter, TestModule } from 'vitest/node';

type SerializedError = {
  name?: string;
  message?: string;
  stack?: string;
  /** Set by vitest: the test file running, and the latest test, when the error was caught. */
  VITEST_TEST_PATH?: string;
  VITEST_TEST_NAME?: string;
};

/**
 * Repeats each unhandled error in a few lines after the summary. The default reporter prints
 * them in full above the summary, where a CI log cut to its tail loses them; this keeps the
 * error's name, message and first frames in the last lines of the run.
 */
export default class UnhandledErrorsReporter implements Reporter {
  onTestRunEnd(_modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>) {
    if (errors.length === 0) return;
    const lines = [`Unhandled errors in this run (${errors.length}), in short:`];
    for (const error of errors) {
      lines.push(`- ${error.name ?? 'Error'}: ${(error.message ?? '').split('\n')[0]?.slice(0, 300)}`);
      if (error.VITEST_TEST_PATH)
        lines.push(
          `    in ${error.VITEST_TEST_PATH}${error.VITEST_TEST_NAME ? ` (latest test: ${error.VITEST_TEST_NAME})` : ''}`,
        );
      const frames = (error.stack ?? '')
        .split('\n')
        .filter((line) => line.trim().startsWith('at '))
        .slice(0, 6);
      for (const frame of frames) lines.push(`    ${frame.trim()}`);
    }
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
