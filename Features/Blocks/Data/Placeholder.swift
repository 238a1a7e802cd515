// Placeholder until the Blocks feature lands; replace me.
