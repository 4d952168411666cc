import functools


@functools.lru_cache(maxsize=None)
def cached(x):
    return x


async def fetch(url):
    async def inner():
        return url

    return await inner()


class Service(Base):
    """Doc."""

    @property
    def name(self):
        return "svc"

    async def run(self, *args):
        def helper():
            pass

        return helper()

    class Config:
        debug = True
