/** What the readiness rule still lists for this step (ADR 0032), shown above its form. */
export function StepProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="alert alert--warning setup-step__problems" role="note" aria-label="Still to do">
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  );
}
