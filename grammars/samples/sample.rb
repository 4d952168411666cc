module Outer
  class Foo < Bar
    def initialize(x)
      @x = x
    end
    def self.build
    end
    class << self
      def helper; end
    end
  end
end
def top_level; end
