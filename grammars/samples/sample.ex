defmodule App.Foo do
  @moduledoc "x"
  def run(x) when is_integer(x) do
    x
  end
  defp helper(a), do: a
  defmacro m(x), do: x
  defstruct [:a]
end
