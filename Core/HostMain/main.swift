import FoundationEssentials
import Glibc
import StrataBase
import StrataHost

// The host's logic is the StrataHost library (unit-tested on its own); this is only the process.
markMainQueue()
// The arguments as their bytes came: a file name that isn't UTF-8 still opens (CommandLine.arguments makes U+FFFD of it).
exit(await runStrata(Array(CommandLineWord.arguments.dropFirst()), environment: ProcessEnvironment.current))
