function sqlStates(error: unknown): string[] {
  const states: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      states.push(candidate.code);
    current = candidate.cause;
  }
  return states;
}

/**
 * The SQLSTATE when PostgreSQL refused a value the caller sent (class 22, data exception: out of
 * range, invalid text representation, untranslatable character…), possibly wrapped by the ORM.
 */
export function dataExceptionOf(error: unknown): string | undefined {
  return sqlStates(error).find((state) => state.startsWith('22'));
}

/** True when a database error (possibly wrapped by the ORM) is a unique-constraint violation. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return !constraint || candidate.constraint === undefined || candidate.constraint === constraint;
    }
    current = candidate.cause;
  }
  return false;
}
