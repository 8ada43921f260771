import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and Node-only packages are loaded by Node at run time, not bundled.
  serverExternalPackages: ["@node-rs/jieba", "postgres", "pg", "@prisma/adapter-pg", "iconv-lite"],
  poweredByHeader: false,
  experimental: {
    // The catalogue page uploads library catalogues of up to 50 MB (MAX_CATALOGUE_BYTES) through a
    // server action; the default 1 MB limit refuses any real library's export, and the proxy
    // would cut the body at its 10 MB default before the action reads it.
    serverActions: { bodySizeLimit: "51mb" },
    proxyClientMaxBodySize: "51mb",
  },
};

export default nextConfig;
