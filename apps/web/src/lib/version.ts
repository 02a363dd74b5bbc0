/** Compares dotted version strings numerically ("2.10.0" > "2.9.1"); missing parts count as 0. */
export function compareVersions(left: string, right: string): number {
  const parse = (version: string) => version.split(/[.+-]/, 3).map((part) => Number.parseInt(part, 10) || 0)
  const a = parse(left)
  const b = parse(right)
  for (let index = 0; index < 3; index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0)
    if (difference !== 0) return Math.sign(difference)
  }
  return 0
}

export function isVersionAtLeast(version: string, minimum: string): boolean {
  return compareVersions(version, minimum) >= 0
}
