// `npm run docs:law`: writes docs/law.md from the rules SK Tanaw applies (law-register.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderLawRegister } from './law-register.ts';

const target = join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'law.md');
writeFileSync(target, renderLawRegister());
process.stdout.write(`Wrote ${target}\n`);
