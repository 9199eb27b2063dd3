/*
** experiments/raytrace/raytrace_scene.h: the fixed seed of the ray-tracer study's
** scenes, shared by the study (experiments/raytrace/raytrace.c) and the report's CPU
** render (experiments/raytrace/raytrace_image.c), so the picture in the report is the
** scene the GPU renders were verified on.
*/
#ifndef EXPERIMENTS_RAYTRACE_SCENE_H
#define EXPERIMENTS_RAYTRACE_SCENE_H

/* Seed of ref_raytrace_scene() for every configuration of the study. */
#define RAYTRACE_SCENE_SEED 2002u

#endif
