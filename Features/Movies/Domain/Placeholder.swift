// Placeholder until the Movies feature lands; replace me.
