export const authQueryKeys = {
  all: ['auth'] as const,
  check: () => [...authQueryKeys.all, 'check'] as const,
  currentUser: () => [...authQueryKeys.all, 'current-user'] as const,
}
