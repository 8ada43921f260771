-- Class knowledge learned from a person's own library catalogue: each import keeps the classes it
-- learned (an overlay on the shipped knowledge), so deleting the import removes exactly its words.
CREATE TABLE "catalogue_imports" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT,
    "records" INTEGER NOT NULL,
    "classes" JSONB NOT NULL,
    "summary" JSONB NOT NULL,

    CONSTRAINT "catalogue_imports_pkey" PRIMARY KEY ("id")
);
