import { describeNoFlood } from './noFloodCases';

describeNoFlood('oldest-first');
