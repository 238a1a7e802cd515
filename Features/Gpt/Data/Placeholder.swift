// Placeholder until the Gpt feature lands; replace me.
