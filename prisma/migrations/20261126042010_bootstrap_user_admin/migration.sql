-- The user `admin` that ADMIN_PASSWORD's first sign-in created (as an operator, before admins
-- existed) holds the deployment's password: it becomes the admin, so that someone can manage users
-- from the dashboard. Other deployments name their admin with `focuscrawl user role NAME admin`.
-- (A separate migration: an enum value added in a transaction can be used only after it commits.)
UPDATE "users" SET "role" = 'admin'
WHERE "name" = 'admin' AND "role" = 'operator' AND NOT EXISTS (SELECT 1 FROM "users" WHERE "role" = 'admin');
