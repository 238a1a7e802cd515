// Placeholder until the Running feature lands; replace me.
