package main

import "github.com/hookchain/hookchain/internal/cli"

func main() { cli.Main(cli.Extensions{}) }
