// npx tsx bench/pull-list.ts: forklift moves of a seeded day of 10 requests (issue 32).
import { planDay } from '../src/domain/pull-list-plan';
import { seededPullDay } from '../tests/support/pull-day';

const { moves, movesOneByOne: alone } = planDay(seededPullDay(10));
console.log(`day plan ${moves} moves, request by request ${alone}: ${alone - moves} saved`);
