// The constructor in hang.c needs no declarations; SwiftPM wants a public header folder for a C target.
