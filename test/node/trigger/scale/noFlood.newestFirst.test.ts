// start-order: 2
import { describeNoFlood } from './noFloodCases';

describeNoFlood('newest-first');
