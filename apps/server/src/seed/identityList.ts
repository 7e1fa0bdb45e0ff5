// `tsx apps/server/src/seed/identityList.ts`: prints the demo sign-ins as a Markdown table.
import { demoLoginTable } from './identityUsers.ts';

process.stdout.write(`${demoLoginTable()}\n`);
