// First: V8 settings that must hold before any other module runs.
import './runtime-flags.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { journeyClock } from './lib/clock.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config, { clock: journeyClock() });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    // New connections are refused at once; requests in flight get SHUTDOWN_TIMEOUT_SECONDS to
    // finish (a load balancer has meanwhile moved new traffic to the other processes).
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('requests still in flight at the shutdown timeout; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const loopback = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(config.host);
  const url = `http://${loopback ? 'localhost' : config.host}:${config.port}`;
  const lines = [
    '',
    `SK Tanaw is running at ${url}`,
    `Database: ${app.services.database.dialect}${config.databaseUrl ? '' : ` (${config.dataDir})`}`,
  ];
  if (config.seedDemo) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) {
      const barangay = a.barangay === 'SB' ? 'San Bartolome' : 'Nagkaisang Nayon';
      const note = a.mustChangePassword ? ', must change its credentials at first login' : '';
      lines.push(`  ${a.username.padEnd(12)} ${a.position.padEnd(4)} ${barangay}${note}`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `SK Tanaw failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
  }
  process.exit(1);
});
