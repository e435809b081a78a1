import type { AutomationEvent } from './automation-events.js';
import {
  conditionsMatch,
  parseActions,
  parseConditions,
  parseTrigger,
  RuleProblem,
  triggerMatches,
} from './rule-matching.js';

const base = { workspace_id: 'w', lead_id: 'l' };
const signal = (signal_kind: 'commented_my_post' | 'job_change' | 'met'): AutomationEvent => ({
  ...base,
  type: 'signal',
  signal_id: 's',
  signal_kind,
});
const problemField = (parse: () => unknown) => {
  try {
    parse();
  } catch (error) {
    if (error instanceof RuleProblem) return error.field;
    throw error;
  }
  return null;
};

describe('rule triggers', () => {
  it('starts a new-signal rule only for its kinds, and a job-change rule for job changes', () => {
    const trigger = parseTrigger({ kind: 'new_signal', signal_kinds: ['commented_my_post'] });
    expect(triggerMatches(trigger, signal('commented_my_post'))).toBe(true);
    expect(triggerMatches(trigger, signal('met'))).toBe(false);
    expect(triggerMatches({ kind: 'job_change' }, signal('job_change'))).toBe(true);
    expect(triggerMatches({ kind: 'job_change' }, signal('met'))).toBe(false);
  });

  it('starts a score rule when the score rises to or past its threshold, not when it stays above', () => {
    const trigger = parseTrigger({ kind: 'score_crossed', score: 50 });
    const score = (from: number, to: number): AutomationEvent => ({
      ...base,
      type: 'score',
      from,
      to,
    });
    expect(triggerMatches(trigger, score(49, 50))).toBe(true);
    expect(triggerMatches(trigger, score(10, 90))).toBe(true);
    expect(triggerMatches(trigger, score(50, 60))).toBe(false);
    expect(triggerMatches(trigger, score(60, 40))).toBe(false);
  });

  it('starts a stage rule for the member’s move to one of its stages, or to any without stages', () => {
    const stage = (to: 'meeting' | 'won'): AutomationEvent => ({
      ...base,
      type: 'stage',
      stage: to,
    });
    const meeting = parseTrigger({ kind: 'stage_changed', stages: ['meeting'] });
    expect(triggerMatches(meeting, stage('meeting'))).toBe(true);
    expect(triggerMatches(meeting, stage('won'))).toBe(false);
    expect(triggerMatches(parseTrigger({ kind: 'stage_changed' }), stage('won'))).toBe(true);
  });

  it('names the field at fault', () => {
    expect(problemField(() => parseTrigger({ kind: 'whenever' }))).toBe('trigger');
    expect(problemField(() => parseTrigger({ kind: 'new_signal', signal_kinds: [] }))).toBe(
      'trigger.signal_kinds',
    );
    expect(problemField(() => parseTrigger({ kind: 'score_crossed', score: 101 }))).toBe(
      'trigger.score',
    );
    expect(problemField(() => parseConditions({ min_score: -1 }))).toBe('conditions.min_score');
    expect(problemField(() => parseActions([], () => null))).toBe('actions');
    expect(
      problemField(() =>
        parseActions([{ type: 'monitor' }, { type: 'webhook', url: 'ftp://x' }], () => null),
      ),
    ).toBe('actions.1.url');
    expect(
      problemField(() =>
        parseActions([{ type: 'webhook', url: 'https://10.0.0.1/' }], () => 'refused'),
      ),
    ).toBe('actions.0.url');
  });
});

describe('rule conditions', () => {
  it('matches the stage, the monitored flag and the minimum score together', () => {
    const conditions = parseConditions({ stages: ['new'], monitored: true, min_score: 40 });
    expect(conditionsMatch(conditions, { stage: 'new', monitored: true, score: 40 })).toBe(true);
    expect(conditionsMatch(conditions, { stage: 'new', monitored: true, score: 39 })).toBe(false);
    expect(conditionsMatch(conditions, { stage: null, monitored: true, score: 90 })).toBe(false);
    expect(conditionsMatch(conditions, { stage: 'new', monitored: false, score: 90 })).toBe(false);
    expect(conditionsMatch({}, { stage: null, monitored: false, score: 0 })).toBe(true);
  });
});
