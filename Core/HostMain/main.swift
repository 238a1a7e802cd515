import FoundationEssentials
import Glibc
import StrataHost

// The host's logic is the StrataHost library (unit-tested on its own); this is only the process.
markMainQueue()
exit(await runStrata(Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current))
