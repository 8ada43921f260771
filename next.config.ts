import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and Node-only packages are loaded by Node at run time, not bundled.
  serverExternalPackages: ["@node-rs/jieba", "postgres", "pg", "@prisma/adapter-pg", "iconv-lite"],
  poweredByHeader: false,
};

export default nextConfig;
