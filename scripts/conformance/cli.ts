/**
 * `npm run conformance`: the conformance kit's command line (docs/conformance.md). Checks a running service against
 * the OpenAPI documents, or sits between a client and a service as a validating proxy; both write the same report.
 */
import { parseCommand, USAGE } from './cli-options';
import { ConformanceCheck } from './check-run';
import { loadContract } from './contract-model';
import { startProxy } from './proxy';
import { violationCount } from './report-model';
import { terminalSummary, writeReports } from './report-writers';

async function main(): Promise<number> {
  let command;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (command.mode === 'help') {
    console.log(USAGE);
    return 0;
  }
  // Every document is read (the sign-in may live in another service's); the selection says what is exercised.
  const contract = loadContract({ ...(command.contractsDir && { dir: command.contractsDir }), files: command.files });
  const unknownService = command.services.filter((s) => !contract.some((op) => op.service === s));
  if (unknownService.length) {
    console.error(`No document for service ${unknownService.join(', ')}.`);
    return 2;
  }
  const operations = contract.filter(
    (op) =>
      (!command.services.length || command.services.includes(op.service)) &&
      (!command.operationIds.length || command.operationIds.includes(op.operationId)),
  );
  if (operations.length === 0) {
    console.error('No operation selected.');
    return 2;
  }

  if (command.mode === 'proxy') {
    const proxy = await startProxy({
      operations,
      upstream: command.proxy!.upstream,
      port: command.proxy!.port,
      host: command.proxy!.host,
      closeSchemas: command.closeSchemas,
      onViolation: (line) => console.log(line),
    });
    console.log(
      `Conformance proxy on ${proxy.url} → ${command.proxy!.upstream}; Ctrl-C writes the report to ${command.reportDir}/`,
    );
    const stopped = await new Promise<NodeJS.Signals>((resolve) => {
      process.once('SIGINT', () => resolve('SIGINT'));
      process.once('SIGTERM', () => resolve('SIGTERM'));
    });
    const report = await proxy.close();
    writeReports(report, command.reportDir);
    console.log(`\n${terminalSummary(report)}\n(${stopped}) report: ${command.reportDir}/report.html`);
    return violationCount(report) === 0 ? 0 : 1;
  }

  const check = new ConformanceCheck({ ...command.check!, operations, contract, log: (line) => console.log(line) });
  let report;
  try {
    report = await check.run();
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  writeReports(report, command.reportDir);
  console.log(
    `\n${terminalSummary(report)}\nreport: ${command.reportDir}/report.html, JUnit: ${command.reportDir}/junit.xml`,
  );
  return violationCount(report) === 0 ? 0 : 1;
}

process.exitCode = await main();
