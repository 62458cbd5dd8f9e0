import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ACCOUNT_MESSAGES, ACCOUNT_UI_MESSAGES as UI } from '@shopper/contract/plain';
import { PasswordChecklist, PasswordMatchNote } from './password-checklist.tsx';

function ruleState(label: string): 'met' | 'not met' {
  const item = screen.getByText(label).closest('li')!;
  return within(item).queryByText(/\(met\)/) ? 'met' : 'not met';
}

describe('PasswordChecklist', () => {
  it("lists the 'Password Requirements' with every rule unmet for an empty password", () => {
    render(<PasswordChecklist variant="requirements" password="" confirmation="" />);
    expect(screen.getByText(UI.passwordRequirements)).toBeTruthy();
    for (const rule of [UI.ruleLength, UI.ruleUppercase, UI.ruleNumber, UI.ruleSpecial, UI.rulePasswordsMatch]) {
      expect(ruleState(rule)).toBe('not met');
    }
  });

  it('ticks each rule as the password meets it', () => {
    const { rerender } = render(<PasswordChecklist variant="requirements" password="abcdefgh" confirmation="" />);
    expect(ruleState(UI.ruleLength)).toBe('met');
    expect(ruleState(UI.ruleUppercase)).toBe('not met');
    rerender(<PasswordChecklist variant="requirements" password="Abcdefg1" confirmation="" />);
    expect(ruleState(UI.ruleUppercase)).toBe('met');
    expect(ruleState(UI.ruleNumber)).toBe('met');
    expect(ruleState(UI.ruleSpecial)).toBe('not met');
    rerender(<PasswordChecklist variant="requirements" password="Abcdefg1!" confirmation="Abcdefg1!" />);
    expect(ruleState(UI.ruleSpecial)).toBe('met');
    expect(ruleState(UI.rulePasswordsMatch)).toBe('met');
  });

  it("shows 'Password must:' without the match rule on the profile", () => {
    render(<PasswordChecklist variant="must" password="x" confirmation="x" />);
    expect(screen.getByText(UI.passwordMust)).toBeTruthy();
    expect(screen.queryByText(UI.rulePasswordsMatch)).toBeNull();
  });
});

describe('PasswordMatchNote', () => {
  it("says 'Passwords match!' or 'Passwords do not match', and nothing before a confirmation", () => {
    const { rerender, container } = render(<PasswordMatchNote password="Abc" confirmation="" />);
    expect(container.textContent).toBe('');
    rerender(<PasswordMatchNote password="Abc" confirmation="Ab" />);
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordsDoNotMatch)).toBeTruthy();
    rerender(<PasswordMatchNote password="Abc" confirmation="Abc" />);
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordsMatch)).toBeTruthy();
  });
});
