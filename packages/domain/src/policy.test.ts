import { describe, expect, it } from 'vitest';
import { cancellationPolicyText } from './policy';

describe('cancellationPolicyText', () => {
  it('names the window in hours', () => {
    expect(cancellationPolicyText(24)).toBe(
      'Cancel or reschedule free of charge up to 24 hours before your appointment. Within 24 hours of the appointment, changes are arranged with the vendor.',
    );
    expect(cancellationPolicyText(1)).toContain('up to 1 hour before');
  });

  it.each([0, null, undefined, -3])('%s hours: changes are possible until the appointment', (hours) => {
    expect(cancellationPolicyText(hours)).toBe(
      'Cancel or reschedule free of charge at any time until your appointment starts.',
    );
  });
});
