// start-order: 1
import { describeNoFlood } from './noFloodCases';

describeNoFlood('oldest-first');
