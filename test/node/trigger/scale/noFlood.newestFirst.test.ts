import { describeNoFlood } from './noFloodCases';

describeNoFlood('newest-first');
