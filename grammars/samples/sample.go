package cobra

import "fmt"

const Version = "1.0"

type (
	Handler func(string) error
	Group   struct {
		ID string
	}
)

// Command is a command.
type Command struct {
	Use string
}

type Runner interface {
	Run() error
}

func (c *Command) Execute() error {
	return nil
}

func (c Command) Name() string { return c.Use }

func New() *Command {
	fmt.Println("x")
	return &Command{}
}
